/**
 * `/app/approval-chains`: the approval settings (issue 16 "Approvals: chains per company and
 * request type … a central approval team"). One chain per request type: ordered levels, each
 * decided by a role (or any role above it), by the maker's superiors in the reports-to tree (depth
 * 1 = the direct superior's role) or by the central approval team, optionally only above an amount
 * (typed in rupees or rupiah, sent in paise or sen) or a waiver percent, with an SLA in hours
 * after which the approval SLA job escalates it. Below, the central approval team's members.
 * Reading needs Approval Service › approval_chains read; saving needs write (read-only otherwise).
 */
import { Badge, Box, Button, Checkbox, Field, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, parseAmount } from '../../../domain/common/money';
import { APPROVAL_REQUEST_TYPES, APPROVER_KINDS, MAX_CHAIN_LEVELS, listChains, saveChain, saveTeam, type ApprovalRequestType, type ChainLevelInput, type ChainsResponse } from '../../../domain/contracts/approval/requests';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { can, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';

type Kind = (typeof APPROVER_KINDS)[number];
type Currency = 'INR' | 'IDR';

/** A level as edited: numbers as typed text, checked on save. */
interface Draft {
  key: number;
  name: string;
  kind: Kind;
  roleId: string;
  depth: string;
  minAmount: string;
  minWaiver: string;
  sla: string;
}

let draftKey = 0;
const majorText = (minor: number) => (minor / 100).toFixed(2).replace(/\.00$/, '');

function toDraft(l: ChainLevelInput): Draft {
  return {
    key: ++draftKey,
    name: l.name,
    kind: l.approver.kind,
    roleId: l.approver.kind === 'role' ? l.approver.role_id : '',
    depth: l.approver.kind === 'reports_to' ? String(l.approver.depth) : '1',
    minAmount: l.min_amount_minor == null ? '' : majorText(l.min_amount_minor),
    minWaiver: l.min_waiver_pct == null ? '' : String(l.min_waiver_pct),
    sla: String(l.sla_hours ?? 24),
  };
}

/** What is wrong with a level as typed (keys of approval.chains.problem), empty when it can be saved. */
function problemsOf(d: Draft): string[] {
  const out: string[] = [];
  if (!d.name.trim()) out.push('name');
  if (d.kind === 'role' && !d.roleId) out.push('role');
  const depth = Number(d.depth);
  if (d.kind === 'reports_to' && !(Number.isInteger(depth) && depth >= 1 && depth <= 10)) out.push('depth');
  if (d.minAmount.trim() && parseAmount(d.minAmount) === null) out.push('amount');
  const waiver = Number(d.minWaiver);
  if (d.minWaiver.trim() && !(Number.isFinite(waiver) && waiver >= 0 && waiver <= 100)) out.push('waiver');
  const sla = Number(d.sla);
  if (!(Number.isInteger(sla) && sla >= 1 && sla <= 24 * 90)) out.push('sla');
  return out;
}

function toLevel(d: Draft): ChainLevelInput {
  return {
    name: d.name.trim(),
    approver: d.kind === 'role' ? { kind: 'role', role_id: d.roleId } : d.kind === 'reports_to' ? { kind: 'reports_to', depth: Number(d.depth) } : { kind: 'central_team' },
    min_amount_minor: d.minAmount.trim() ? parseAmount(d.minAmount) : null,
    min_waiver_pct: d.minWaiver.trim() ? Number(d.minWaiver) : null,
    sla_hours: Number(d.sla),
  };
}

function LevelEditor({ d, n, count, roles, readOnly, onChange, onMove, onRemove }: { d: Draft; n: number; count: number; roles: ChainsResponse['roles']; readOnly: boolean; onChange: (p: Partial<Draft>) => void; onMove: (by: -1 | 1) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const problems = problemsOf(d);
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" data-testid="chain-level" aria-label={t('approval.level_n', { level: n })}>
      <Stack gap="3">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="xs">
            {t('approval.level_n', { level: n })}
          </Heading>
          {!readOnly && (
            <HStack gap="1">
              <Button size="xs" variant="ghost" disabled={n === 1} onClick={() => onMove(-1)} aria-label={t('approval.chains.move_up', { level: n })}>
                ↑
              </Button>
              <Button size="xs" variant="ghost" disabled={n === count} onClick={() => onMove(1)} aria-label={t('approval.chains.move_down', { level: n })}>
                ↓
              </Button>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} aria-label={t('approval.chains.remove', { level: n })}>
                ✕
              </Button>
            </HStack>
          )}
        </Flex>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root invalid={problems.includes('name')} disabled={readOnly}>
            <Field.Label>{t('approval.chains.name')}</Field.Label>
            <Input size="sm" maxLength={80} value={d.name} onChange={(e) => onChange({ name: e.currentTarget.value })} />
          </Field.Root>
          <Field.Root disabled={readOnly}>
            <Field.Label>{t('approval.chains.approver')}</Field.Label>
            <NativeSelect.Root size="sm" disabled={readOnly}>
              <NativeSelect.Field value={d.kind} onChange={(e) => onChange({ kind: e.currentTarget.value as Kind })}>
                {APPROVER_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`approval.chains.kind.${k}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {d.kind === 'role' && (
            <Field.Root invalid={problems.includes('role')} disabled={readOnly}>
              <Field.Label>{t('approval.chains.role')}</Field.Label>
              <NativeSelect.Root size="sm" disabled={readOnly}>
                <NativeSelect.Field value={d.roleId} onChange={(e) => onChange({ roleId: e.currentTarget.value })}>
                  <option value="">{t('approval.chains.choose_role')}</option>
                  {roles.map((r) => (
                    <option key={r.role_id} value={r.role_id}>
                      {r.role_name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>{t('approval.chains.role_help')}</Field.HelperText>
            </Field.Root>
          )}
          {d.kind === 'reports_to' && (
            <Field.Root invalid={problems.includes('depth')} disabled={readOnly}>
              <Field.Label>{t('approval.chains.depth')}</Field.Label>
              <Input size="sm" type="number" min={1} max={10} value={d.depth} onChange={(e) => onChange({ depth: e.currentTarget.value })} />
              <Field.HelperText>{t('approval.chains.depth_help')}</Field.HelperText>
            </Field.Root>
          )}
          {d.kind === 'central_team' && <Text fontSize="sm" color="fg.muted" alignSelf="end">{t('approval.chains.central_help')}</Text>}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
          <Field.Root invalid={problems.includes('amount')} disabled={readOnly}>
            <Field.Label>{t('approval.chains.min_amount')}</Field.Label>
            <Input size="sm" inputMode="decimal" placeholder={t('approval.chains.none')} value={d.minAmount} onChange={(e) => onChange({ minAmount: e.currentTarget.value })} />
          </Field.Root>
          <Field.Root invalid={problems.includes('waiver')} disabled={readOnly}>
            <Field.Label>{t('approval.chains.min_waiver')}</Field.Label>
            <Input size="sm" inputMode="decimal" placeholder={t('approval.chains.none')} value={d.minWaiver} onChange={(e) => onChange({ minWaiver: e.currentTarget.value })} />
          </Field.Root>
          <Field.Root invalid={problems.includes('sla')} disabled={readOnly}>
            <Field.Label>{t('approval.chains.sla')}</Field.Label>
            <Input size="sm" type="number" min={1} max={2160} value={d.sla} onChange={(e) => onChange({ sla: e.currentTarget.value })} />
          </Field.Root>
        </SimpleGrid>
        {problems.length > 0 && (
          <Stack as="ul" gap="0" ps="4" color="fg.error" fontSize="sm" aria-live="polite" data-testid="level-problems">
            {problems.map((p) => (
              <li key={p}>{t(`approval.chains.problem.${p}`)}</li>
            ))}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** How a chain reads in one line per level (shown under the editor as a check of what applies when). */
function levelLine(t: (k: string, o?: Record<string, unknown>) => string, d: Draft, roles: ChainsResponse['roles'], currency: Currency): string {
  const who = d.kind === 'role' ? (roles.find((r) => r.role_id === d.roleId)?.role_name ?? '—') : d.kind === 'reports_to' ? t('approval.chains.who_reports_to', { depth: d.depth }) : t('approval.chains.kind.central_team');
  const amount = parseAmount(d.minAmount);
  const conditions = [amount !== null && d.minAmount.trim() ? t('approval.chains.when_amount', { amount: formatMinor(amount, currency) }) : null, d.minWaiver.trim() ? t('approval.chains.when_waiver', { pct: d.minWaiver }) : null].filter(Boolean);
  return `${d.name || '—'}: ${who}${conditions.length ? ` (${conditions.join(t('approval.chains.or'))})` : ''} · ${t('approval.chains.sla_h', { hours: d.sla })}`;
}

function ChainEditor({ data, type, currency, readOnly }: { data: ChainsResponse; type: ApprovalRequestType; currency: Currency; readOnly: boolean }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const client = useQueryClient();
  const chain = data.chains.find((c) => c.request_type === type);
  const [drafts, setDrafts] = useState<Draft[]>(() => (chain?.levels ?? []).map(toDraft));
  const save = useEndpointMutation(saveChain, { onSuccess: () => client.invalidateQueries({ queryKey: [listChains.operation] }) });
  const invalid = drafts.some((d) => problemsOf(d).length > 0);
  const update = (key: number, p: Partial<Draft>) => setDrafts(drafts.map((d) => (d.key === key ? { ...d, ...p } : d)));
  const move = (k: number, by: -1 | 1) => {
    const next = [...drafts];
    [next[k], next[k + by]] = [next[k + by], next[k]];
    setDrafts(next);
  };
  const submit = () =>
    save.mutate(
      { params: { request_type: type }, query: { company_id: companyId ?? undefined }, body: { levels: drafts.map(toLevel) } },
      { onSuccess: () => toaster.create({ type: 'success', title: t('approval.chains.saved', { type: t(`approval.type.${type}`) }) }) },
    );
  return (
    <Stack gap="3" data-testid="chain-editor">
      <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
        <Heading as="h2" size="md">
          {t('approval.chains.chain_of', { type: t(`approval.type.${type}`) })}
        </Heading>
        <Text fontSize="xs" color="fg.muted">
          {chain?.updated_at ? t('approval.chains.updated', { at: formatDateTime(chain.updated_at) }) : t('approval.chains.never')}
        </Text>
      </Flex>
      {drafts.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('approval.chains.empty')}
        </Text>
      ) : (
        <Stack as="ol" gap="3" listStyleType="none" ps="0">
          {drafts.map((d, k) => (
            <LevelEditor key={d.key} d={d} n={k + 1} count={drafts.length} roles={data.roles} readOnly={readOnly} onChange={(p) => update(d.key, p)} onMove={(by) => move(k, by)} onRemove={() => setDrafts(drafts.filter((x) => x.key !== d.key))} />
          ))}
        </Stack>
      )}
      {drafts.length > 0 && (
        <Box fontSize="sm" bg="bg.muted" rounded="md" p="3" data-testid="chain-summary">
          <Text fontWeight="medium">{t('approval.chains.summary')}</Text>
          <Stack as="ol" gap="0" ps="5">
            {drafts.map((d) => (
              <li key={d.key}>{levelLine(t, d, data.roles, currency)}</li>
            ))}
          </Stack>
        </Box>
      )}
      {save.isError && (
        <Text color="fg.error" role="alert">
          {errorMessage(save.error)}
        </Text>
      )}
      {!readOnly && (
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" disabled={drafts.length >= MAX_CHAIN_LEVELS} onClick={() => setDrafts([...drafts, toDraft({ name: '', approver: { kind: 'reports_to', depth: 1 }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 24 })])}>
            {t('approval.chains.add_level')}
          </Button>
          <Button size="sm" onClick={submit} loading={save.isPending} disabled={invalid} data-testid="chain-save">
            {t('approval.chains.save')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

function TeamEditor({ data, readOnly }: { data: ChainsResponse; readOnly: boolean }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(data.central_team.map((m) => m.user_id)));
  const [filter, setFilter] = useState('');
  useEffect(() => setChosen(new Set(data.central_team.map((m) => m.user_id))), [data.central_team]);
  const save = useEndpointMutation(saveTeam, { onSuccess: () => client.invalidateQueries({ queryKey: [listChains.operation] }) });
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return data.members.filter((m) => !q || m.name.toLowerCase().includes(q) || chosen.has(m.user_id));
  }, [data.members, filter, chosen]);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4" data-testid="central-team">
      <Stack gap="3">
        <Flex justify="space-between" gap="2" wrap="wrap" align="center">
          <Heading as="h2" size="md">
            {t('approval.chains.team')}
          </Heading>
          <Badge colorPalette={data.central_approval_configured ? 'green' : 'gray'}>{t(data.central_approval_configured ? 'approval.chains.central_on' : 'approval.chains.central_off')}</Badge>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {t(data.central_approval_configured ? 'approval.chains.team_help_on' : 'approval.chains.team_help_off')}
        </Text>
        <Text fontSize="sm" data-testid="team-members">
          {data.central_team.length === 0 ? t('approval.chains.team_empty') : data.central_team.map((m) => m.name).join(', ')}
        </Text>
        {!readOnly && (
          <>
            <Input size="sm" maxW="sm" value={filter} placeholder={t('approval.chains.search_people')} aria-label={t('approval.chains.search_people')} onChange={(e) => setFilter(e.currentTarget.value)} />
            <Box maxH="64" overflowY="auto" borderWidth="1px" rounded="md" p="2">
              <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="1" listStyleType="none" role="group" aria-label={t('approval.chains.team')}>
                {shown.map((m) => (
                  <li key={m.user_id}>
                    <Checkbox.Root size="sm" checked={chosen.has(m.user_id)} onCheckedChange={(e) => toggle(m.user_id, e.checked === true)}>
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{m.name}</Checkbox.Label>
                    </Checkbox.Root>
                  </li>
                ))}
              </SimpleGrid>
            </Box>
            {save.isError && (
              <Text color="fg.error" role="alert">
                {errorMessage(save.error)}
              </Text>
            )}
            <div>
              <Button
                size="sm"
                loading={save.isPending}
                data-testid="team-save"
                onClick={() => save.mutate({ query: { company_id: companyId ?? undefined }, body: { user_ids: [...chosen] } }, { onSuccess: () => toaster.create({ type: 'success', title: t('approval.chains.team_saved') }) })}
              >
                {t('approval.chains.save_team')}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </Box>
  );
}

export default function ApprovalChainsPage() {
  const { t } = useTranslation();
  const { companyId, company, permissions } = useShell();
  const allowed = can(listChains, permissions);
  const chains = useEndpoint(listChains, { query: { company_id: companyId ?? undefined } }, { enabled: Boolean(companyId) && allowed });
  const [type, setType] = useState<ApprovalRequestType>('settlement');
  const currency: Currency = company?.country_currency_code === 'IDR' ? 'IDR' : 'INR';
  const canWrite = can(saveChain, permissions);
  return (
    <Stack gap="5" maxW="6xl">
      <Heading as="h1" size="xl">
        {t('approval.chains.title')}
      </Heading>
      {!allowed ? (
        <EmptyState>{t('approval.chains.no_access')}</EmptyState>
      ) : chains.isPending ? (
        <LoadingState />
      ) : chains.isError ? (
        <ErrorState error={chains.error} onRetry={() => void chains.refetch()} />
      ) : (
        <>
          {!canWrite && (
            <Text fontSize="sm" color="fg.muted" data-testid="chains-read-only">
              {t('approval.chains.read_only')}
            </Text>
          )}
          <Flex gap="2" wrap="wrap" role="group" aria-label={t('approval.types')}>
            {APPROVAL_REQUEST_TYPES.map((ty) => {
              const levels = chains.data.chains.find((c) => c.request_type === ty)?.levels.length ?? 0;
              return (
                <Button key={ty} size="sm" variant={ty === type ? 'solid' : 'outline'} aria-pressed={ty === type} onClick={() => setType(ty)} data-testid={`chain-type-${ty}`}>
                  {t(`approval.type.${ty}`)}
                  <Badge ms="1" colorPalette={levels > 0 ? 'blue' : 'gray'}>{levels}</Badge>
                </Button>
              );
            })}
          </Flex>
          <Box bg="bg" borderWidth="1px" rounded="md" p="4">
            {/* Keyed by type and save time: switching type or saving starts from the server's levels. */}
            <ChainEditor key={`${type}:${chains.data.chains.find((c) => c.request_type === type)?.updated_at ?? ''}`} data={chains.data} type={type} currency={currency} readOnly={!canWrite} />
          </Box>
          <TeamEditor data={chains.data} readOnly={!can(saveTeam, permissions)} />
        </>
      )}
    </Stack>
  );
}
