/**
 * One batch of payment links (GET /payment/link-batches/{id} and its items): a progress bar while
 * the job runs (polled every second), the counts — loans, links created, sent, blocked by the
 * compliance check, failed — the error file of blocked and failed loans, and the batch's loans of one outcome with the reason (the compliance
 * check's for a blocked message) and the link made. Narrow screens get one card per loan.
 */
import { Badge, Box, Button, Flex, Heading, HStack, Link, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatMinor, type Currency } from '../../../domain/common/money';
import { getLinkBatch, LINK_BATCH_ITEM_STATUSES, linkBatchErrorFile, listLinkBatchItems, type LinkBatchItem, type LinkBatchItemStatus, type LinkBatchRecord } from '../../../domain/contracts/payments/link-batches';
import { ChoiceField } from '../../components/choice-field';
import { DownloadButton } from '../../components/download-button';
import { QueryView } from '../../components/query-state';
import { ResponsiveList } from '../../components/responsive-list';
import { useEndpoint } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { appLink } from '../../lib/navigation';
import { useShell } from '../../lib/shell-context';

const PAGE_SIZE = 50;
const COLOURS: Record<LinkBatchItemStatus, string> = { pending: 'gray', sent: 'green', blocked: 'orange', failed: 'red' };

/** A batch's status as a badge. */
export function BatchStatus({ status }: { status: LinkBatchRecord['status'] }) {
  const { t } = useTranslation();
  return <Badge colorPalette={status === 'completed' ? 'green' : status === 'failed' ? 'red' : 'blue'}>{t(`payments.batch.status.${status}`)}</Badge>;
}

function Count({ label, value, testId, tone }: { label: string; value: number; testId: string; tone?: string }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="semibold" color={tone} data-testid={testId}>
        {value.toLocaleString()}
      </Text>
    </Box>
  );
}

/** A batch's amount: the fixed amount, or the name of the rule that finds each loan's. */
export function batchAmountLabel(b: Pick<LinkBatchRecord, 'amount_rule' | 'amount_minor'>, currency: Currency, t: (key: string) => string): string {
  return b.amount_rule === 'fixed' && b.amount_minor !== null ? formatMinor(b.amount_minor, currency) : t(`payments.batch.rules.${b.amount_rule}`);
}

function Items({ batch, currency }: { batch: LinkBatchRecord; currency: Currency }) {
  const { t } = useTranslation();
  const { companyId, prefix } = useShell();
  // Blocked first when there are any: that is what a manager looks at.
  const [status, setStatus] = useState<LinkBatchItemStatus | ''>(batch.blocked > 0 ? 'blocked' : batch.failed > 0 ? 'failed' : '');
  const [page, setPage] = useState(1);
  const running = batch.status === 'in_progress';
  const items = useEndpoint(
    listLinkBatchItems,
    { params: { batch_id: batch.batch_id }, query: { company_id: companyId ?? undefined, status: status || undefined, page_number: page, page_size: PAGE_SIZE } },
    { enabled: Boolean(companyId), refetchInterval: running ? 2000 : false },
  );
  const loanLink = (loanId: string) => `${appLink(prefix, 'customer/loan-details', companyId)}${companyId ? '&' : '?'}loan_id=${encodeURIComponent(loanId)}`;
  const loan = (i: LinkBatchItem) => (
    <Link asChild color="blue.fg" fontWeight="semibold">
      <RouterLink to={loanLink(i.loan_id)}>{i.loan_id}</RouterLink>
    </Link>
  );
  const link = (i: LinkBatchItem) =>
    i.link_url ? (
      <Link href={i.link_url} target="_blank" rel="noreferrer" color="blue.fg" wordBreak="break-all" data-testid="batch-item-link">
        {i.link_id}
      </Link>
    ) : (
      '—'
    );
  const badge = (i: LinkBatchItem) => <Badge colorPalette={COLOURS[i.status]}>{t(`payments.batch.item.${i.status}`)}</Badge>;
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <HStack gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('payments.batch.loans')}
          </Heading>
          {batch.blocked + batch.failed > 0 && (
            <DownloadButton
              endpoint={linkBatchErrorFile}
              params={{ batch_id: batch.batch_id }}
              query={{ company_id: companyId ?? undefined }}
              fallbackName="payment-link-batch-errors.csv"
              label={t('payments.batch.error_file')}
              ariaLabel={t('payments.batch.error_file_of')}
            />
          )}
        </HStack>
        <ChoiceField
          label={t('payments.batch.show')}
          value={status}
          choices={['', ...LINK_BATCH_ITEM_STATUSES]}
          choiceLabel={(s) => (s ? t(`payments.batch.item.${s}`) : t('payments.batch.all_loans'))}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
          testId="batch-items-status"
          rootProps={{ w: { base: 'full', sm: '56' } }}
        />
      </Flex>
      <QueryView query={items} isEmpty={(d) => d.items.length === 0} empty={t('payments.batch.no_items')}>
        {(d) => (
          <ResponsiveList
            items={d.items}
            itemKey={(i) => i.seq}
            label={t('payments.batch.loans')}
            columns={[
              { header: '#', cell: (i) => i.seq },
              { header: t('payments.mandate.loan'), cell: loan },
              { header: t('payments.batch.amount_item'), end: true, cell: (i) => (i.amount_minor === null ? '—' : formatMinor(i.amount_minor, currency)) },
              { header: t('payments.batch.outcome'), cell: badge },
              { header: t('payments.batch.reason'), cell: (i) => i.reason ?? '—', cellProps: { whiteSpace: 'normal' } },
              { header: t('payments.batch.link'), cell: link },
            ]}
            card={(i) => (
              <>
                <Flex justify="space-between" gap="2" align="center">
                  {loan(i)}
                  {badge(i)}
                </Flex>
                {i.amount_minor !== null && <Text fontSize="sm">{formatMinor(i.amount_minor, currency)}</Text>}
                {i.reason && <Text fontSize="sm">{i.reason}</Text>}
                {i.link_url && <Text fontSize="sm">{link(i)}</Text>}
              </>
            )}
            cardGap="1"
            paging={{ page, pageSize: PAGE_SIZE, total: d.total, onPage: setPage }}
            rowTestId="batch-item"
            cardTestId="batch-item-card"
          />
        )}
      </QueryView>
    </Stack>
  );
}

export function LinkBatchDetail({ batchId, currency, backTo }: { batchId: string; currency: Currency; backTo: string }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const batch = useEndpoint(
    getLinkBatch,
    { params: { batch_id: batchId }, query: { company_id: companyId ?? undefined } },
    { enabled: Boolean(companyId), refetchInterval: (q) => (q.state.data?.status === 'in_progress' ? 1000 : false) },
  );
  return (
    <Stack gap="4">
      <Button asChild size="sm" variant="ghost" alignSelf="start">
        <RouterLink to={backTo}>
          <ArrowLeft aria-hidden /> {t('payments.batch.back')}
        </RouterLink>
      </Button>
      <QueryView query={batch}>
        {(b) => (
          <Stack gap="4">
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Heading as="h1" size="lg">
                {t('payments.batch.title', { amount: batchAmountLabel(b, currency, t), month: b.allocation_month })}
              </Heading>
              <BatchStatus status={b.status} />
            </Flex>
            <Text color="fg.muted" fontSize="sm">
              {t('payments.batch.summary', { vendor: t(`payments.vendor.${b.pg_vendor}`), via: t(`payments.link.via.${b.send_via}`), at: formatDateTime(b.created_at) })}
              {b.finished_at ? ` · ${t('payments.batch.finished', { at: formatDateTime(b.finished_at) })}` : ''}
            </Text>
            <Progress.Root value={b.progress} max={100} colorPalette={b.status === 'failed' ? 'red' : 'blue'} aria-label={t('payments.batch.progress_label')} data-testid="batch-progress">
              <Flex justify="space-between" mb="1">
                <Progress.Label>{t('payments.batch.progress', { done: b.done.toLocaleString(), total: b.total.toLocaleString() })}</Progress.Label>
                <Progress.ValueText />
              </Flex>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
            <SimpleGrid columns={{ base: 2, md: 5 }} gap="3" aria-live="polite">
              <Count label={t('payments.batch.total')} value={b.total} testId="batch-total" />
              <Count label={t('payments.batch.created')} value={b.created} testId="batch-created" />
              <Count label={t('payments.batch.sent')} value={b.sent} testId="batch-sent" tone="fg.success" />
              <Count label={t('payments.batch.blocked')} value={b.blocked} testId="batch-blocked" tone={b.blocked ? 'fg.warning' : undefined} />
              <Count label={t('payments.batch.failed')} value={b.failed} testId="batch-failed" tone={b.failed ? 'fg.error' : undefined} />
            </SimpleGrid>
            <Items key={b.status} batch={b} currency={currency} />
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
