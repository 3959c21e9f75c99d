/**
 * Campaigns and call lists for supervisors (spec 7 "inhouse autodial create", "filter calling
 * list", "inhouse filter loans in batches of 50", "campaign call-list add"): create a campaign
 * (autodialer or predictive, active or not), switch it, and build its call list from the
 * portfolio's filters — previewed 50 at a time, then added at once.
 */
import { Badge, Button, Checkbox, Field, Flex, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { Filter } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignMode } from '../../../domain/calling/campaigns';
import { CAMPAIGN_MODES } from '../../../domain/calling/campaigns';
import type { CampaignRecord, FilterCallListResponse } from '../../../domain/contracts/calling/campaigns';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { FilterChips, FiltersDrawer, filterNames, MonthSelect, useFilterConfig, useLoansPage } from '../portfolio/public';
import { companyInput, useAddCallList, useCampaigns, useCreateCampaign, useFilterCallList, useUpdateCampaign } from './api';

const onError = (err: unknown) => toaster.create({ type: 'error', title: errorMessage(err) });

function CreateCampaign({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const create = useCreateCampaign();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<CampaignMode>('autodialer');
  const [active, setActive] = useState(true);
  return (
    <Flex
      as="form"
      gap="3"
      wrap="wrap"
      align="end"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ ...companyInput(companyId), body: { name, mode, active } }, { onError, onSuccess: () => setName('') });
      }}
    >
      <Field.Root w={{ base: 'full', sm: '64' }} required>
        <Field.Label fontSize="xs">{t('calling.campaign_name')}</Field.Label>
        <Input size="sm" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-testid="campaign-name" />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: '44' }}>
        <Field.Label fontSize="xs">{t('calling.campaign_mode')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={mode} onChange={(e) => setMode(e.currentTarget.value as CampaignMode)}>
            {CAMPAIGN_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`calling.mode.${m}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Checkbox.Root checked={active} onCheckedChange={(e) => setActive(e.checked === true)} size="sm">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('calling.campaign_active')}</Checkbox.Label>
      </Checkbox.Root>
      <Button size="sm" type="submit" colorPalette="blue" disabled={!name.trim()} loading={create.isPending} data-testid="create-campaign">
        {t('calling.create_campaign')}
      </Button>
    </Flex>
  );
}

function CallListBuilder({ companyId, campaign }: { companyId: string | null; campaign: CampaignRecord }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState<string | null>(null);
  const [filters, setFilters] = useState<LoanFilter[]>([]);
  const [drawer, setDrawer] = useState(false);
  const [preview, setPreview] = useState<FilterCallListResponse | null>(null);
  const config = useFilterConfig(companyId);
  const first = useLoansPage(companyId, { allocation_month: month, search: '', filters: [], sort_by: null, sort_order: 'asc' }, 1, 1);
  const chosen = month ?? first.data?.allocation_month ?? null;
  const filter = useFilterCallList();
  const add = useAddCallList();
  const names = filterNames(config.data?.groups);
  const load = (batch: number) =>
    chosen && filter.mutate({ params: { campaign_id: campaign.campaign_id }, ...companyInput(companyId), body: { allocation_month: chosen, filters, batch } }, { onError, onSuccess: setPreview });
  const change = (next: LoanFilter[]) => {
    setFilters(next);
    setPreview(null);
  };
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" bg="bg" role="region" aria-label={t('calling.call_list_for', { name: campaign.name })}>
      <Text fontWeight="semibold">{t('calling.call_list_for', { name: campaign.name })}</Text>
      <Flex gap="3" wrap="wrap" align="end">
        <MonthSelect value={chosen} months={first.data?.allocation_months ?? []} onChange={(m) => { setMonth(m); setPreview(null); }} />
        <Button size="sm" variant="outline" onClick={() => setDrawer(true)} disabled={!config.data}>
          <Filter /> {t('calling.filters')}
        </Button>
        <Button size="sm" onClick={() => load(0)} loading={filter.isPending} disabled={!chosen} data-testid="preview-call-list">
          {t('calling.preview')}
        </Button>
      </Flex>
      <FilterChips filters={filters} names={names} onRemove={(key) => change(filters.filter((f) => f.filter_key !== key))} onClear={() => change([])} />
      {preview && (
        <Stack gap="2">
          <Flex gap="2" align="center" wrap="wrap">
            <Text data-testid="call-list-matching">{t('calling.matching', { count: preview.total })}</Text>
            <Button
              size="sm"
              colorPalette="green"
              ms="auto"
              disabled={preview.total === 0}
              loading={add.isPending}
              data-testid="add-call-list"
              onClick={() =>
                chosen &&
                add.mutate(
                  { params: { campaign_id: campaign.campaign_id }, ...companyInput(companyId), body: { allocation_month: chosen, filters } },
                  { onError, onSuccess: (r) => { toaster.create({ type: 'success', title: t('calling.added', { added: r.added, already: r.already_listed }) }); load(preview.batch); } },
                )
              }
            >
              {t('calling.add_all', { count: preview.total })}
            </Button>
          </Flex>
          <Stack as="ul" gap="0" listStyleType="none" m="0" p="0" maxH="60" overflowY="auto" borderWidth="1px" rounded="md">
            {preview.loans.map((l) => (
              <Flex as="li" key={l.loan_id} justify="space-between" px="2" py="1" borderBottomWidth="1px" fontSize="sm">
                <Text truncate>
                  {l.applicant_name ?? l.loan_id} · {l.loan_id}
                  {l.dpd !== null ? ` · ${t('calling.dpd', { dpd: l.dpd })}` : ''}
                </Text>
                {l.in_list && <Badge size="sm">{t('calling.in_list')}</Badge>}
              </Flex>
            ))}
          </Stack>
          <Flex gap="2" align="center">
            <Button size="xs" variant="outline" disabled={preview.batch === 0} onClick={() => load(preview.batch - 1)}>
              {t('calling.previous_batch')}
            </Button>
            <Text fontSize="xs" color="fg.muted">
              {t('calling.batch_of', { from: preview.batch * preview.batch_size + 1, to: preview.batch * preview.batch_size + preview.loans.length, total: preview.total })}
            </Text>
            <Button size="xs" variant="outline" disabled={preview.next_batch === null} onClick={() => preview.next_batch !== null && load(preview.next_batch)}>
              {t('calling.next_batch')}
            </Button>
          </Flex>
        </Stack>
      )}
      {drawer && config.data && <FiltersDrawer open groups={config.data.groups} applied={filters} onClose={() => setDrawer(false)} onApply={change} />}
    </Stack>
  );
}

export function CampaignsPanel({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const campaigns = useCampaigns(companyId);
  const update = useUpdateCampaign();
  const [selected, setSelected] = useState<string | null>(null);
  const current = campaigns.data?.campaigns.find((c) => c.campaign_id === selected) ?? null;
  return (
    <Stack gap="4">
      <Stack gap="3" borderWidth="1px" rounded="md" p="4" bg="bg" role="region" aria-label={t('calling.campaigns')}>
        <Text fontWeight="semibold">{t('calling.campaigns')}</Text>
        <CreateCampaign companyId={companyId} />
        {campaigns.isPending ? (
          <LoadingState />
        ) : campaigns.isError ? (
          <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} />
        ) : campaigns.data.campaigns.length === 0 ? (
          <EmptyState>{t('calling.no_campaigns')}</EmptyState>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('calling.campaign_name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('calling.campaign_mode')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('calling.list_size')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('calling.undialed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('calling.campaign_status')}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {campaigns.data.campaigns.map((c) => (
                  <Table.Row key={c.campaign_id} data-testid="campaign-row" data-campaign={c.name} bg={c.campaign_id === selected ? 'bg.muted' : undefined}>
                    <Table.Cell fontWeight="medium">{c.name}</Table.Cell>
                    <Table.Cell>{t(`calling.mode.${c.mode}`)}</Table.Cell>
                    <Table.Cell textAlign="end">{c.list_size}</Table.Cell>
                    <Table.Cell textAlign="end">{c.undialed}</Table.Cell>
                    <Table.Cell>
                      <Button
                        size="xs"
                        variant={c.active ? 'solid' : 'outline'}
                        colorPalette={c.active ? 'green' : 'gray'}
                        aria-pressed={c.active}
                        aria-label={t('calling.toggle_active', { name: c.name })}
                        onClick={() => update.mutate({ params: { campaign_id: c.campaign_id }, ...companyInput(companyId), body: { active: !c.active } }, { onError })}
                      >
                        {c.active ? t('calling.active') : t('calling.inactive_campaign')}
                      </Button>
                    </Table.Cell>
                    <Table.Cell>
                      <Button size="xs" variant="ghost" onClick={() => setSelected(c.campaign_id)} aria-current={c.campaign_id === selected ? 'true' : undefined}>
                        {t('calling.build_list')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
      {current && <CallListBuilder key={current.campaign_id} companyId={companyId} campaign={current} />}
    </Stack>
  );
}
