/**
 * `/app/approvals`: the approvals inbox (issue 16). Counts of pending requests the caller may decide
 * per request type; views "to decide", "my requests" and "all"; a type filter; a request's detail
 * with its trail and, when the caller may decide its level, approve / reject with remarks (required).
 * Escalated (overdue) requests come first and are marked. A link opens the approval chains editor
 * for callers who may read the chains.
 */
import { Badge, Box, Button, Flex, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../../domain/common/money';
import { APPROVAL_REQUEST_TYPES, INBOX_VIEWS, listChains, type ApprovalRequestRecord, type ApprovalRequestType } from '../../../domain/contracts/approval/requests';
import { Link as RouterLink } from 'react-router-dom';
import { Pager } from '../../components/pager';
import { DeskTable, ErrorState, LoadingState, QueryView } from '../../components/query-state';
import { can } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { appLink } from '../../lib/navigation';
import { useShell } from '../../lib/shell-context';
import { useInbox, useRequest } from './api';
import { DecisionForm, TrailSteps } from './approval-trail';

const palette = { pending: 'orange', approved: 'green', rejected: 'red' } as const;
type View = (typeof INBOX_VIEWS)[number];

function Detail({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const request = useRequest(companyId, requestId);
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4" data-testid="request-detail" aria-live="polite">
      {request.isPending ? (
        <LoadingState />
      ) : request.isError ? (
        <ErrorState error={request.error} onRetry={() => void request.refetch()} />
      ) : (
        <Stack gap="3">
          <Flex justify="space-between" gap="2" wrap="wrap">
            <Heading as="h2" size="sm">
              {t(`approval.type.${request.data.request_type}`)} · {request.data.loan_id ?? request.data.subject_id}
            </Heading>
            <Button size="xs" variant="ghost" onClick={onClose}>
              {t('approval.close')}
            </Button>
          </Flex>
          <Text fontSize="sm">{request.data.summary}</Text>
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={palette[request.data.status]}>{t(`approval.status.${request.data.status}`)}</Badge>
            {request.data.status === 'pending' && <Text fontSize="sm">{t('approval.awaiting', { level: request.data.current_level, count: request.data.level_count, name: request.data.current_level_name ?? '' })}</Text>}
          </HStack>
          <TrailSteps request={request.data} />
          {request.data.can_decide ? <DecisionForm request={request.data} /> : request.data.status === 'pending' && <Text fontSize="sm" color="fg.muted">{t('approval.not_yours')}</Text>}
        </Stack>
      )}
    </Box>
  );
}

function Row({ r, selected, onSelect, currency }: { r: ApprovalRequestRecord; selected: boolean; onSelect: () => void; currency: 'INR' | 'IDR' }) {
  const { t } = useTranslation();
  return (
    <Table.Row data-testid="approval-row" bg={selected ? 'bg.muted' : undefined}>
      <Table.Cell>
        <Button size="xs" variant="plain" px="0" onClick={onSelect} aria-pressed={selected} textDecoration="underline">
          {r.loan_id ?? r.subject_id}
        </Button>
        <Text fontSize="xs" color="fg.muted">
          {t(`approval.type.${r.request_type}`)}
        </Text>
      </Table.Cell>
      <Table.Cell maxW="80">
        <Text fontSize="sm" lineClamp={2}>
          {r.summary}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {r.maker_name ?? ''}
        </Text>
      </Table.Cell>
      <Table.Cell textAlign="end">{r.amount_minor === null ? '—' : formatMinor(r.amount_minor, currency)}</Table.Cell>
      <Table.Cell>{r.waiver_pct === null ? '—' : `${r.waiver_pct} %`}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={palette[r.status]}>{t(`approval.status.${r.status}`)}</Badge>
        {r.status === 'pending' && (
          <Text fontSize="xs" color="fg.muted">
            {t('approval.level_of', { level: r.current_level, count: r.level_count })}
          </Text>
        )}
        {(r.overdue || r.escalations > 0) && r.status === 'pending' && (
          <Badge colorPalette="red" variant="subtle">
            {t('approval.escalated')}
          </Badge>
        )}
      </Table.Cell>
      <Table.Cell>{formatDateTime(r.created_at)}</Table.Cell>
    </Table.Row>
  );
}

export default function ApprovalsPage() {
  const { t } = useTranslation();
  const { companyId, company, permissions, prefix } = useShell();
  const [view, setView] = useState<View>('to_decide');
  const [type, setType] = useState<ApprovalRequestType | undefined>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const inbox = useInbox(companyId, view, type, page);
  const counts = new Map((inbox.data?.counts ?? []).map((c) => [c.request_type, c.pending]));
  const currency = company?.country_currency_code === 'IDR' ? 'IDR' : 'INR';
  const choose = (fn: () => void) => {
    fn();
    setPage(1);
    setSelected(null);
  };
  return (
    <Stack gap="5" maxW="7xl">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('menu.approvals')}
        </Heading>
        {can(listChains, permissions) && (
          <Button asChild size="sm" variant="outline">
            <RouterLink to={appLink(prefix, 'approval-chains', companyId)}>{t('approval.chains.title')}</RouterLink>
          </Button>
        )}
      </Flex>
      <Flex gap="2" wrap="wrap" role="group" aria-label={t('approval.views')}>
        {INBOX_VIEWS.map((v) => (
          <Button key={v} size="sm" variant={v === view ? 'solid' : 'outline'} aria-pressed={v === view} onClick={() => choose(() => setView(v))}>
            {t(`approval.view.${v}`)}
          </Button>
        ))}
      </Flex>
      <Flex gap="2" wrap="wrap" role="group" aria-label={t('approval.types')} data-testid="type-counts">
        <Button size="xs" variant={type === undefined ? 'subtle' : 'ghost'} aria-pressed={type === undefined} onClick={() => choose(() => setType(undefined))}>
          {t('approval.all_types')}
        </Button>
        {APPROVAL_REQUEST_TYPES.map((ty) => (
          <Button key={ty} size="xs" variant={type === ty ? 'subtle' : 'ghost'} aria-pressed={type === ty} onClick={() => choose(() => setType(ty))} data-testid={`count-${ty}`}>
            {t(`approval.type.${ty}`)}
            <Badge ms="1" colorPalette={(counts.get(ty) ?? 0) > 0 ? 'orange' : 'gray'}>{counts.get(ty) ?? 0}</Badge>
          </Button>
        ))}
      </Flex>
      <QueryView query={inbox} isEmpty={(d) => d.requests.length === 0} empty={t(view === 'to_decide' ? 'approval.inbox_empty' : 'approval.none')}>
        {(d) => (
          <DeskTable
            columns={[t('approval.subject'), t('approval.summary'), { label: t('approval.amount'), end: true }, t('approval.waiver'), t('approval.status_label'), t('approval.requested_at')]}
            footer={<Pager page={page} pageSize={20} total={d.total} onPage={setPage} />}
          >
            {d.requests.map((r) => (
              <Row key={r.request_id} r={r} currency={currency} selected={selected === r.request_id} onSelect={() => setSelected(r.request_id)} />
            ))}
          </DeskTable>
        )}
      </QueryView>
      {selected && <Detail requestId={selected} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
