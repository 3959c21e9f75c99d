/** A message's status as a coloured chip with its text (colour is never the only cue). */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MessageStatus } from '../../../domain/contracts/communication/messages';

const PALETTE: Record<MessageStatus, string> = { queued: 'gray', sent: 'blue', delivered: 'green', read: 'teal', failed: 'red', blocked: 'orange' };

export function MessageStatusChip({ status }: { status: MessageStatus }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" data-testid="message-status" data-status={status}>
      {t(`communication.status.${status}`)}
    </Badge>
  );
}
