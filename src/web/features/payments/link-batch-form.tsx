/**
 * The form that starts a batch of payment links (issue 15 "in bulk: links for a filtered set of
 * loans as a durable job"; POST /payment/link-batches): the allocation month, the loans list's search
 * and filters (the kernel's filters drawer, or what the loans list handed over), the gateway, the
 * amount rule (a fixed amount, or each loan's dues, EMI, or open PTP else dues), the channel and template, and how long the links live. The request carries
 * one Idempotency-Key per form fill, so a double submit or a retried request starts one batch.
 */
import { Badge, Button, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ListFilter, Send } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, parseAmount, type Currency } from '../../../domain/common/money';
import { listTemplates } from '../../../domain/contracts/communication/templates';
import { createLinkBatch, LINK_BATCH_AMOUNT_RULES, MAX_LINK_BATCH_LOANS, type LinkBatchAmountRule, type LinkBatchRecord } from '../../../domain/contracts/payments/link-batches';
import { LINK_SEND_CHANNELS, PG_VENDORS, type LinkSendChannel, type PgVendor } from '../../../domain/contracts/payments/links';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import { ChoiceField } from '../../components/choice-field';
import { FormError } from '../../components/form-dialog';
import { FilterChips, FiltersDrawer, filterNames, useFilterConfig } from '../../components/loan-filters-drawer';
import { can, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { useGateways } from './api';

/** Link lifetimes offered, in minutes ('' = the gateway's default). */
const EXPIRIES = ['', '1440', '4320', '10080', '43200'] as const;
type Expiry = (typeof EXPIRIES)[number];

/** What the loans list hands over (URL parameters), the form's starting selection. */
export interface BatchSelection {
  allocationMonth: string;
  search: string;
  filters: LoanFilter[];
}

export function LinkBatchForm({ initial, currency, onStarted }: { initial: BatchSelection; currency: Currency; onStarted: (batch: LinkBatchRecord) => void }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const q = { company_id: companyId ?? undefined };
  const [month, setMonth] = useState(initial.allocationMonth);
  const [search, setSearch] = useState(initial.search);
  const [filters, setFilters] = useState<LoanFilter[]>(initial.filters);
  const [drawer, setDrawer] = useState(false);
  const filterConfig = useFilterConfig(companyId);
  const names = useMemo(() => filterNames(filterConfig.data?.groups), [filterConfig.data]);
  const gateways = useGateways(companyId);
  const configured = gateways.data?.gateways.filter((g) => g.is_active).map((g) => g.pg_vendor) ?? [];
  const vendors: readonly PgVendor[] = configured.length > 0 ? configured : PG_VENDORS;
  const [vendor, setVendor] = useState<PgVendor | ''>('');
  const chosenVendor = vendor || vendors[0];
  const [rule, setRule] = useState<LinkBatchAmountRule>('dues');
  const [amount, setAmount] = useState('');
  const minor = parseAmount(amount);
  const fixed = rule === 'fixed';
  const amountOk = !fixed || (minor !== null && minor > 0);
  const [via, setVia] = useState<LinkSendChannel>('whatsapp');
  const [templateId, setTemplateId] = useState('');
  const templates = useEndpoint(listTemplates, { query: { ...q, channel: via } }, { enabled: can(listTemplates, permissions) });
  const [expiry, setExpiry] = useState<Expiry>('');
  // One key per form fill: a second click or a retry of the same request answers the same batch.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const create = useEndpointMutation(createLinkBatch);
  const amountBad = fixed && amount !== '' && (minor === null || minor <= 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!amountOk || !month) return;
    create.mutate(
      {
        query: q,
        idempotencyKey: key,
        body: {
          allocation_month: month,
          filters,
          ...(search.trim() ? { search: search.trim() } : {}),
          pg_vendor: chosenVendor,
          amount_rule: rule,
          ...(fixed && minor !== null ? { amount_minor: minor } : {}),
          send_via: via,
          ...(templateId ? { template_id: templateId } : {}),
          ...(expiry ? { expiry_minutes: Number(expiry) } : {}),
        },
      },
      {
        onSuccess: (batch) => {
          setKey(crypto.randomUUID());
          onStarted(batch);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="batch-form-title">
      <Stack gap="4">
        <Text id="batch-form-title" fontWeight="semibold">
          {t('payments.batch.new')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('payments.batch.help', { max: MAX_LINK_BATCH_LOANS.toLocaleString() })}
        </Text>
        <Flex gap="3" wrap="wrap" align="end">
          <Field.Root required w={{ base: 'full', sm: '48' }}>
            <Field.Label>{t('payments.batch.month')}</Field.Label>
            <Input type="month" size="sm" value={month} onChange={(e) => setMonth(e.currentTarget.value)} data-testid="batch-month" />
          </Field.Root>
          <Field.Root flex="1" minW={{ base: 'full', sm: '64' }}>
            <Field.Label>{t('payments.batch.search')}</Field.Label>
            <Input size="sm" type="search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-testid="batch-search" />
          </Field.Root>
          <Button size="sm" variant="outline" onClick={() => setDrawer(true)} disabled={!filterConfig.data} data-testid="batch-filters">
            <ListFilter aria-hidden /> {t('payments.batch.filters')}
            {filters.length > 0 && <Badge size="sm">{filters.length}</Badge>}
          </Button>
        </Flex>
        <FilterChips filters={filters} names={names} onRemove={(k) => setFilters(filters.filter((f) => f.filter_key !== k))} onClear={() => setFilters([])} />
        {drawer && filterConfig.data && <FiltersDrawer open groups={filterConfig.data.groups} applied={filters} onClose={() => setDrawer(false)} onApply={setFilters} />}
        <Flex gap="3" wrap="wrap" align="start">
          <ChoiceField
            label={t('payments.batch.rule')}
            value={rule}
            choices={LINK_BATCH_AMOUNT_RULES}
            choiceLabel={(r) => t(`payments.batch.rules.${r}`)}
            onChange={setRule}
            testId="batch-rule"
            rootProps={{ w: { base: 'full', sm: '72' } }}
          />
          {fixed && (
            <Field.Root required invalid={amountBad} w={{ base: 'full', sm: '48' }}>
              <Field.Label>{t('payments.batch.amount', { currency: currencySymbol(currency) })}</Field.Label>
              <Input size="sm" value={amount} inputMode="decimal" onChange={(e) => setAmount(e.currentTarget.value)} data-testid="batch-amount" />
              <Field.ErrorText>{t('payments.link.amount_invalid')}</Field.ErrorText>
            </Field.Root>
          )}
          <ChoiceField label={t('payments.field.pg_vendor')} value={chosenVendor} choices={vendors} choiceLabel={(v) => t(`payments.vendor.${v}`)} onChange={setVendor} testId="batch-vendor" rootProps={{ w: { base: 'full', sm: '48' } }} />
          <ChoiceField
            label={t('payments.link.send_via')}
            value={via}
            choices={LINK_SEND_CHANNELS}
            choiceLabel={(v) => t(`payments.link.via.${v}`)}
            onChange={(v) => {
              setVia(v);
              setTemplateId('');
            }}
            testId="batch-via"
            rootProps={{ w: { base: 'full', sm: '40' } }}
          />
          {can(listTemplates, permissions) && (
            <ChoiceField
              label={t('payments.link.template')}
              value={templateId}
              choices={['', ...(templates.data?.templates.map((x) => x.template_id) ?? [])]}
              choiceLabel={(id) => (id === '' ? t('payments.link.standard_text') : (templates.data?.templates.find((x) => x.template_id === id)?.name ?? id))}
              onChange={setTemplateId}
              testId="batch-template"
              rootProps={{ w: { base: 'full', sm: '56' } }}
            />
          )}
          <ChoiceField label={t('payments.batch.expiry')} value={expiry} choices={EXPIRIES} choiceLabel={(m) => t(`payments.batch.expiries.${m || 'default'}`)} onChange={setExpiry} testId="batch-expiry" rootProps={{ w: { base: 'full', sm: '48' } }} />
        </Flex>
        {!fixed && (
          <Text fontSize="sm" color="fg.muted">
            {t('payments.batch.rule_help')}
          </Text>
        )}
        {via === 'sms' && (
          <Text fontSize="sm" color="fg.muted">
            {t('payments.link.sms_needs_dlt')}
          </Text>
        )}
        <FormError error={create.error} testId="batch-error" />
        <HStack>
          <Button type="submit" size="sm" loading={create.isPending} disabled={!month || !amountOk} data-testid="batch-submit">
            <Send aria-hidden /> {t('payments.batch.start')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
