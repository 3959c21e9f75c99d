/**
 * The approval trail of a subject (issue 16): each request about it with its status and level, then
 * every step — submitted, each level's decision with decider and remarks, escalations — with times.
 * Other areas' detail screens show it through ./public.ts (`<ApprovalTrail type="settlement" subjectId={id} />`).
 * A caller who may decide the pending level decides here, with remarks.
 */
import { Badge, Box, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApprovalRequestDetail, ApprovalRequestType } from '../../../domain/contracts/approval/requests';
import { ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { useDecide, useTrail } from './api';

const palette = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

/** Approve / reject with remarks (required) for a request the caller may decide. */
export function DecisionForm({ request, onDone }: { request: Pick<ApprovalRequestDetail, 'request_id'>; onDone?: () => void }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const decide = useDecide();
  const [remarks, setRemarks] = useState('');
  const send = (decision: 'approved' | 'rejected') =>
    decide.mutate(
      { params: { request_id: request.request_id }, query: { company_id: companyId ?? undefined }, body: { decision, remarks: remarks.trim() } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t(decision === 'approved' ? 'approval.approved_toast' : 'approval.rejected_toast') });
          setRemarks('');
          onDone?.();
        },
      },
    );
  return (
    <Stack gap="2">
      <Textarea size="sm" value={remarks} maxLength={1000} onChange={(e) => setRemarks(e.currentTarget.value)} aria-label={t('approval.remarks')} placeholder={t('approval.remarks_placeholder')} data-testid="decision-remarks" />
      {decide.isError && (
        <Text color="fg.error" role="alert">
          {errorMessage(decide.error)}
        </Text>
      )}
      <HStack>
        <Button size="sm" colorPalette="green" disabled={!remarks.trim()} loading={decide.isPending} onClick={() => send('approved')} data-testid="decision-approve">
          {t('approval.approve')}
        </Button>
        <Button size="sm" colorPalette="red" variant="outline" disabled={!remarks.trim()} loading={decide.isPending} onClick={() => send('rejected')} data-testid="decision-reject">
          {t('approval.reject')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The steps of one request. */
export function TrailSteps({ request }: { request: ApprovalRequestDetail }) {
  const { t } = useTranslation();
  return (
    <Stack as="ol" gap="2" listStyleType="none" ps="0">
      {request.trail.map((s, i) => (
        <Box as="li" key={i} borderStartWidth="3px" borderColor={s.kind === 'rejected' ? 'red.500' : s.kind === 'approved' || s.kind === 'auto_approved' ? 'green.500' : s.kind === 'escalated' ? 'orange.500' : 'gray.400'} ps="3" data-testid="trail-step">
          <Text fontSize="sm" fontWeight="medium">
            {t(`approval.step.${s.kind}`)}
            {s.level > 0 ? ` · ${t('approval.level_n', { level: s.level })}${s.level_name ? ` (${s.level_name})` : ''}` : ''}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {[s.user_name, formatDateTime(s.at)].filter(Boolean).join(' · ')}
          </Text>
          {s.remarks && <Text fontSize="sm">{s.remarks}</Text>}
        </Box>
      ))}
    </Stack>
  );
}

export function ApprovalTrail({ type, subjectId }: { type: ApprovalRequestType; subjectId: string }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const trail = useTrail(companyId, type, subjectId);
  if (trail.isPending) return <LoadingState />;
  if (trail.isError) return <ErrorState error={trail.error} onRetry={() => void trail.refetch()} />;
  if (trail.data.requests.length === 0) return <Text color="fg.muted">{t('approval.no_trail')}</Text>;
  return (
    <Stack gap="4" data-testid="approval-trail">
      {trail.data.requests.map((r) => (
        <Stack key={r.request_id} gap="2">
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={palette[r.status]}>{t(`approval.status.${r.status}`)}</Badge>
            {r.status === 'pending' && <Text fontSize="sm">{t('approval.awaiting', { level: r.current_level, count: r.level_count, name: r.current_level_name ?? '' })}</Text>}
            {r.overdue && <Badge colorPalette="red">{t('approval.overdue')}</Badge>}
          </HStack>
          <TrailSteps request={r} />
          {r.can_decide && <DecisionForm request={r} />}
        </Stack>
      ))}
    </Stack>
  );
}
