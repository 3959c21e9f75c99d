/**
 * `/app/settlement-tracking` (issue 16; spec route): the company's settlements with filters
 * (status, type, loan), a settlement's detail — amounts, the waiver, its instalments (paid, due,
 * overdue, missed) tracked against payments, the approval trail (approval area's public
 * ApprovalTrail, where an entitled checker decides) and the letter once approved — a form to
 * propose a settlement, and the Installment Report / Settlement Report exports with their statuses.
 */
import { Badge, Box, Button, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../../domain/common/money';
import {
  LETTER_LANGUAGES,
  SETTLEMENT_EXPORT_KINDS,
  SETTLEMENT_STATUSES,
  SETTLEMENT_TYPES,
  proposeSettlement,
  settlementExportFile,
  sendSettlementLetter,
  settlementLetter,
  startSettlementExport,
  type LetterLanguage,
  type SettlementStatus,
  type SettlementType,
} from '../../../domain/contracts/settlements/settlements';
import { Pager } from '../../components/pager';
import { DeskTable, ErrorState, LoadingState, QueryView } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { can, useEndpointMutation } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { ApprovalTrail } from '../approval/public';
import { useExports, useSettlement, useSettlements, useStartExport } from './api';
import { saveDownload } from '../../lib/save-download';
import { ProposeForm } from './propose-form';

const palette: Record<SettlementStatus, string> = { pending_approval: 'orange', approved: 'blue', rejected: 'red', completed: 'green', breached: 'red' };
const instalmentPalette = { paid: 'green', due: 'gray', overdue: 'orange', missed: 'red' } as const;
type Currency = 'INR' | 'IDR';

function Select<T extends string>({ label, value, options, onChange, text }: { label: string; value: T | ''; options: readonly T[]; onChange: (v: T | '') => void; text: (v: T) => string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value as T | '')} aria-label={label}>
        <option value="">{t('settlement.any')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {text(o)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function Detail({ settlementId, currency, onClose }: { settlementId: string; currency: Currency; onClose: () => void }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const s = useSettlement(companyId, settlementId);
  const [language, setLanguage] = useState<LetterLanguage | ''>('');
  const [busy, setBusy] = useState(false);
  const sending = useEndpointMutation(sendSettlementLetter);
  const sendLetter = (channel: 'email' | 'whatsapp') =>
    sending.mutate(
      { params: { settlement_id: settlementId }, query: { company_id: companyId ?? undefined }, body: { channel, language: language || undefined } },
      {
        // A blocked or failed message is an answer, not an error: the server's message says why.
        onSuccess: (res) => toaster.create({ type: res.outcome === 'sent' ? 'success' : 'warning', title: res.outcome === 'sent' ? t('settlement.letter_sent') : res.reasons.join('; ') || t('settlement.letter_not_sent') }),
        onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }),
      },
    );
  const letter = async () => {
    setBusy(true);
    try {
      await saveDownload(settlementLetter, { params: { settlement_id: settlementId }, query: { company_id: companyId ?? undefined, language: language || undefined } }, 'settlement_letter.pdf');
    } catch (err) {
      toaster.create({ type: 'error', title: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4" data-testid="settlement-detail">
      {s.isPending ? (
        <LoadingState />
      ) : s.isError ? (
        <ErrorState error={s.error} onRetry={() => void s.refetch()} />
      ) : (
        <Stack gap="4">
          <Flex justify="space-between" gap="2" wrap="wrap">
            <Heading as="h2" size="md">
              {s.data.loan_id} · {s.data.applicant_name ?? '—'}
            </Heading>
            <Button size="xs" variant="ghost" onClick={onClose}>
              {t('settlement.close')}
            </Button>
          </Flex>
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            <Fact label={t('settlement.claim')} value={formatMinor(s.data.total_claim_amount_minor, currency)} />
            <Fact label={t('settlement.amount')} value={formatMinor(s.data.settlement_amount_minor, currency)} />
            <Fact label={t('settlement.waiver')} value={`${formatMinor(s.data.waiver_amount_minor, currency)} (${s.data.waiver_pct} %)`} />
            <Fact label={t('settlement.paid')} value={formatMinor(s.data.paid_minor, currency)} />
            <Fact label={t('settlement.validity')} value={s.data.validity_date} />
            <Fact label={t('settlement.type_label')} value={t(`settlement.type.${s.data.settlement_type}`)} />
            <Fact label={t('settlement.grace_days')} value={String(s.data.grace_days)} />
            <Fact label={t('settlement.proposed_by')} value={s.data.proposed_by_name ?? '—'} />
          </SimpleGrid>
          <Text fontSize="sm">{s.data.reason}</Text>
          <Heading as="h3" size="sm">
            {t('settlement.instalments')}
          </Heading>
          <Table.Root size="sm" data-testid="instalments">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>#</Table.ColumnHeader>
                <Table.ColumnHeader>{t('settlement.due_date')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('settlement.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('settlement.paid')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('settlement.status_label')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {s.data.instalments.map((i) => (
                <Table.Row key={i.seq}>
                  <Table.Cell>{i.seq}</Table.Cell>
                  <Table.Cell>{i.due_date}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMinor(i.amount_minor, currency)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMinor(i.paid_minor, currency)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={instalmentPalette[i.status]}>{t(`settlement.instalment.${i.status}`)}</Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {s.data.status !== 'pending_approval' && s.data.status !== 'rejected' && (
            <HStack gap="2" wrap="wrap">
              <Select label={t('settlement.letter_language')} value={language} options={LETTER_LANGUAGES} onChange={setLanguage} text={(l) => t(`settlement.language.${l}`)} />
              <Button size="sm" onClick={() => void letter()} loading={busy} data-testid="settlement-letter">
                {t('settlement.letter')}
              </Button>
              {can(sendSettlementLetter, permissions) &&
                (['email', 'whatsapp'] as const).map((channel) => (
                  <Button key={channel} size="sm" variant="outline" loading={sending.isPending && sending.variables?.body?.channel === channel} disabled={sending.isPending} onClick={() => sendLetter(channel)} data-testid={`settlement-letter-send-${channel}`}>
                    {t(`settlement.send_letter_${channel}`)}
                  </Button>
                ))}
            </HStack>
          )}
          <Heading as="h3" size="sm">
            {t('settlement.approval_trail')}
          </Heading>
          <ApprovalTrail type="settlement" subjectId={settlementId} />
        </Stack>
      )}
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="medium">{value}</Text>
    </Box>
  );
}

function Exports({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const { permissions } = useShell();
  const allowed = can(startSettlementExport, permissions);
  const list = useExports(companyId, allowed);
  const start = useStartExport();
  if (!allowed) return null;
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4" data-testid="settlement-exports">
      <Stack gap="3">
        <Heading as="h2" size="sm">
          {t('settlement.exports')}
        </Heading>
        <HStack gap="2" wrap="wrap">
          {SETTLEMENT_EXPORT_KINDS.map((kind) => (
            <Button
              key={kind}
              size="sm"
              variant="outline"
              loading={start.isPending}
              onClick={() => start.mutate({ query: { company_id: companyId ?? undefined }, body: { kind } }, { onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) })}
            >
              {t(kind === 'Installment Report' ? 'settlement.export_installments' : 'settlement.export_settlements')}
            </Button>
          ))}
        </HStack>
        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.exports.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('settlement.no_exports')}
          </Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" ps="0">
            {list.data.exports.map((e) => (
              <HStack as="li" key={e.export_id} gap="3" wrap="wrap" data-testid="export-row">
                <Text fontSize="sm">{e.kind}</Text>
                <Badge colorPalette={e.status === 'COMPLETED' ? 'green' : e.status === 'FAILED' ? 'red' : 'orange'}>{e.status}</Badge>
                <Text fontSize="xs" color="fg.muted">
                  {formatDateTime(e.created_at)}
                  {e.rows !== null ? ` · ${t('settlement.rows', { count: e.rows })}` : ''}
                  {e.message ? ` · ${e.message}` : ''}
                </Text>
                {e.status === 'COMPLETED' && (
                  <Button size="xs" variant="ghost" onClick={() => void saveDownload(settlementExportFile, { params: { export_id: e.export_id }, query: { company_id: companyId ?? undefined } }, `${e.kind}.csv`).catch((err: unknown) => toaster.create({ type: 'error', title: errorMessage(err) }))}>
                    {t('settlement.download')}
                  </Button>
                )}
              </HStack>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

export default function SettlementTrackingPage() {
  const { t } = useTranslation();
  const { companyId, company, permissions } = useShell();
  const [status, setStatus] = useState<SettlementStatus | ''>('');
  const [type, setType] = useState<SettlementType | ''>('');
  const [loan, setLoan] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useSettlements(companyId, { status: status || undefined, settlement_type: type || undefined, loan_id: loan.trim() || undefined }, page);
  const currency: Currency = company?.country_currency_code === 'IDR' ? 'IDR' : 'INR';
  return (
    <Stack gap="5" maxW="7xl">
      <Heading as="h1" size="xl">
        {t('menu.settlement_tracking')}
      </Heading>
      <Flex gap="3" wrap="wrap" align="end" role="search" aria-label={t('settlement.filters')}>
        <Box minW="44">
          <Text fontSize="xs" color="fg.muted">
            {t('settlement.status_label')}
          </Text>
          <Select label={t('settlement.status_label')} value={status} options={SETTLEMENT_STATUSES} onChange={(v) => (setStatus(v), setPage(1))} text={(s) => t(`settlement.status.${s}`)} />
        </Box>
        <Box minW="40">
          <Text fontSize="xs" color="fg.muted">
            {t('settlement.type_label')}
          </Text>
          <Select label={t('settlement.type_label')} value={type} options={SETTLEMENT_TYPES} onChange={(v) => (setType(v), setPage(1))} text={(s) => t(`settlement.type.${s}`)} />
        </Box>
        <Box>
          <Text fontSize="xs" color="fg.muted">
            {t('settlement.loan_id')}
          </Text>
          <Input size="sm" value={loan} maxLength={100} onChange={(e) => (setLoan(e.currentTarget.value), setPage(1))} aria-label={t('settlement.loan_id')} />
        </Box>
      </Flex>
      <QueryView query={list} isEmpty={(d) => d.settlements.length === 0} empty={t('settlement.none')}>
        {(d) => (
          <DeskTable
            columns={[
              t('settlement.loan_id'),
              t('settlement.type_label'),
              { label: t('settlement.claim'), end: true },
              { label: t('settlement.amount'), end: true },
              t('settlement.waiver'),
              t('settlement.status_label'),
              t('settlement.validity'),
            ]}
            footer={<Pager page={page} pageSize={20} total={d.total} onPage={setPage} />}
          >
            {d.settlements.map((s) => (
              <Table.Row key={s.settlement_id} data-testid="settlement-row" bg={selected === s.settlement_id ? 'bg.muted' : undefined}>
                <Table.Cell>
                  <Button size="xs" variant="plain" px="0" textDecoration="underline" aria-pressed={selected === s.settlement_id} onClick={() => setSelected(s.settlement_id)}>
                    {s.loan_id}
                  </Button>
                  <Text fontSize="xs" color="fg.muted">
                    {s.applicant_name ?? '—'}
                  </Text>
                </Table.Cell>
                <Table.Cell>{t(`settlement.type.${s.settlement_type}`)}</Table.Cell>
                <Table.Cell textAlign="end">{formatMinor(s.total_claim_amount_minor, currency)}</Table.Cell>
                <Table.Cell textAlign="end">{formatMinor(s.settlement_amount_minor, currency)}</Table.Cell>
                <Table.Cell>{s.waiver_pct} %</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={palette[s.status]}>{t(`settlement.status.${s.status}`)}</Badge>
                </Table.Cell>
                <Table.Cell>{s.validity_date}</Table.Cell>
              </Table.Row>
            ))}
          </DeskTable>
        )}
      </QueryView>
      {selected && <Detail settlementId={selected} currency={currency} onClose={() => setSelected(null)} />}
      {can(proposeSettlement, permissions) && <ProposeForm companyId={companyId} currency={currency} />}
      <Exports companyId={companyId} />
    </Stack>
  );
}
