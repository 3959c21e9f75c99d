/**
 * `/app/payment-link-batches` (issue 15 "in bulk: links for a filtered set of loans as a durable
 * job"; route ours, the spec gives none): start a batch of payment links for the loans the loans
 * list's month, search and filters select (the loans list's "Send payment links" hands them over as
 * the `allocation_month`, `search` and `filters` URL parameters), and the company's batches, newest
 * first, with their progress; `batch_id` opens one batch (link-batch-detail.tsx).
 */
import { Button, Card, Flex, Heading, Link, Progress, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { Currency } from '../../../domain/common/money';
import { createLinkBatch, listLinkBatches, type LinkBatchRecord } from '../../../domain/contracts/payments/link-batches';
import { loanFilters } from '../../../domain/contracts/portfolio/filters.schema';
import { QueryView } from '../../components/query-state';
import { ResponsiveList } from '../../components/responsive-list';
import { can, useEndpoint } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { appLink } from '../../lib/navigation';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { batchAmountLabel, BatchStatus, LinkBatchDetail } from './link-batch-detail';
import { LinkBatchForm, type BatchSelection } from './link-batch-form';

const PAGE_SIZE = 20;
const SCREEN = 'payment-link-batches';

/** The selection the loans list handed over; a malformed `filters` parameter is dropped. */
function selectionOf(params: URLSearchParams): BatchSelection {
  let filters: BatchSelection['filters'] = [];
  try {
    const parsed = loanFilters.safeParse(JSON.parse(params.get('filters') ?? '[]'));
    if (parsed.success) filters = parsed.data;
  } catch {
    // not JSON: no filters
  }
  return { allocationMonth: params.get('allocation_month') ?? new Date().toISOString().slice(0, 7), search: params.get('search') ?? '', filters };
}

export default function PaymentLinkBatchesPage() {
  const { t } = useTranslation();
  const { companyId, company, prefix, permissions } = useShell();
  const currency: Currency = company?.country_currency_code ?? 'INR';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const batchId = params.get('batch_id');
  const handedOver = params.has('allocation_month') || params.has('filters') || params.has('search');
  const initial = useMemo(() => selectionOf(params), [params]);
  const [formOpen, setFormOpen] = useState(handedOver);
  const [page, setPage] = useState(1);
  const base = appLink(prefix, SCREEN, companyId);
  const batchLink = (id: string) => `${base}${base.includes('?') ? '&' : '?'}batch_id=${encodeURIComponent(id)}`;
  const list = useEndpoint(
    listLinkBatches,
    { query: { company_id: companyId ?? undefined, page_number: page, page_size: PAGE_SIZE } },
    { enabled: Boolean(companyId) && !batchId, refetchInterval: (q) => (q.state.data?.batches.some((b) => b.status === 'in_progress') ? 2000 : false) },
  );

  if (batchId) return <LinkBatchDetail batchId={batchId} currency={currency} backTo={base} />;

  const started = (b: LinkBatchRecord) => {
    toaster.create({ type: 'success', title: t('payments.batch.started', { count: b.total }) });
    setFormOpen(false);
    void navigate(batchLink(b.batch_id));
  };
  const open = (b: LinkBatchRecord) => (
    <Link asChild color="blue.fg" fontWeight="semibold">
      <RouterLink to={batchLink(b.batch_id)}>{formatDateTime(b.created_at)}</RouterLink>
    </Link>
  );
  const bar = (b: LinkBatchRecord) => (
    <Progress.Root value={b.progress} max={100} size="sm" minW="24" aria-label={t('payments.batch.progress', { done: b.done, total: b.total })}>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
  const progress = (b: LinkBatchRecord) => t('payments.batch.progress', { done: b.done.toLocaleString(), total: b.total.toLocaleString() });
  const counts = (b: LinkBatchRecord) => t('payments.batch.counts', { sent: b.sent, blocked: b.blocked, failed: b.failed });

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="lg">
          {t('payments.batch.page_title')}
        </Heading>
        {can(createLinkBatch, permissions) && !formOpen && (
          <Button size="sm" onClick={() => setFormOpen(true)} data-testid="batch-new">
            <Plus aria-hidden /> {t('payments.batch.new')}
          </Button>
        )}
      </Flex>
      {formOpen && can(createLinkBatch, permissions) && (
        <Card.Root size="sm">
          <Card.Body>
            <LinkBatchForm initial={initial} currency={currency} onStarted={started} />
          </Card.Body>
        </Card.Root>
      )}
      <QueryView query={list} isEmpty={(d) => d.batches.length === 0} empty={t('payments.batch.none')}>
        {(d) => (
          <ResponsiveList
            items={d.batches}
            itemKey={(b) => b.batch_id}
            label={t('payments.batch.page_title')}
            columns={[
              { header: t('payments.batch.started_at'), cell: open },
              { header: t('payments.batch.month'), cell: (b) => b.allocation_month },
              { header: t('payments.batch.amount_col'), end: true, cell: (b) => batchAmountLabel(b, currency, t) },
              { header: t('payments.field.pg_vendor'), cell: (b) => t(`payments.vendor.${b.pg_vendor}`) },
              { header: t('payments.link.send_via'), cell: (b) => t(`payments.link.via.${b.send_via}`) },
              { header: t('payments.batch.status_col'), cell: (b) => <BatchStatus status={b.status} /> },
              {
                header: t('payments.batch.progress_col'),
                cell: (b) => (
                  <>
                    {bar(b)}
                    <Text fontSize="xs" color="fg.muted">
                      {progress(b)}
                    </Text>
                  </>
                ),
              },
              { header: t('payments.batch.outcomes'), cell: counts },
            ]}
            card={(b) => (
              <>
                <Flex justify="space-between" gap="2" align="center">
                  {open(b)}
                  <BatchStatus status={b.status} />
                </Flex>
                <Text fontSize="sm">
                  {batchAmountLabel(b, currency, t)} · {b.allocation_month} · {t(`payments.vendor.${b.pg_vendor}`)} · {t(`payments.link.via.${b.send_via}`)}
                </Text>
                {bar(b)}
                <Text fontSize="sm" color="fg.muted">
                  {progress(b)} · {counts(b)}
                </Text>
              </>
            )}
            paging={{ page, pageSize: PAGE_SIZE, total: d.total, onPage: setPage }}
            rowTestId="batch-row"
            cardTestId="batch-card"
          />
        )}
      </QueryView>
    </Stack>
  );
}
