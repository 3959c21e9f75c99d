/**
 * A visit's verification status as a badge (issue 5): pending (to verify), approved, rejected, or
 * none needed. Small and dependency-free: the field app's past-visit list shows it too, so the
 * executive sees the reviewer's outcome.
 */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { VerificationStatus } from '../../../../domain/field/verification';

const PALETTE: Record<VerificationStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red', not_required: 'gray' };

export function VerificationBadge({ status, size = 'sm' }: { status: VerificationStatus; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[status]} size={size} data-testid="verification-status" data-status={status}>
      {t(`verification.status.${status}`)}
    </Badge>
  );
}
