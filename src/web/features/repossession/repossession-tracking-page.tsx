/**
 * `/app/repossession-tracking` (issue 16 "Repossession"): cases with stage and spec 4 status
 * (success, failed, pending — counts as filters), a form initiating one on a secured loan, and a
 * case's panel: asset (chassis and engine masked by the server for a masked reader), the notice
 * once approved, assignment of agency and agent, the agent's field steps, yard and valuation, the
 * release on payment or by auction, and the approval trails. A bulk status update by loan.
 */
import { Badge, Box, Button, Field, Flex, Heading, HStack, Input, Link, NativeSelect, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ASSET_TYPES,
  REPOSSESSION_STAGES,
  REPOSSESSION_STATUSES,
  initiateRepossession,
  repossessionNotice,
  sendRepossessionNotice,
  type AssetType,
  type RepossessionStage,
  type RepossessionStatus,
} from '../../../domain/contracts/repossession/cases';
import { formatMinor } from '../../../domain/common/money';
import { DeskTable, ErrorState, LoadingState, QueryView } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { can, download, useEndpointMutation } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { ApprovalTrail } from '../approval/public';
import { useCase, useCases, useRepoMutations } from './api';
import { Assign, fail, lines, Release, Section, Yard } from './case-actions';
import { StepPhotos } from './step-photos';

const STATUS_PALETTE: Record<RepossessionStatus, string> = { success: 'green', failed: 'red', pending: 'orange' };

function Initiate({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const { initiate } = useRepoMutations();
  const empty = { loan_id: '', asset_description: '', registration_number: '', chassis_number: '', engine_number: '', reason: '' };
  const [f, setF] = useState(empty);
  const [assetType, setAssetType] = useState<AssetType>('vehicle');
  const set = (k: keyof typeof empty) => (e: { currentTarget: { value: string } }) => setF({ ...f, [k]: e.currentTarget.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    initiate.mutate(
      {
        query: { company_id: companyId ?? undefined },
        body: { loan_id: f.loan_id.trim(), asset_type: assetType, asset_description: f.asset_description.trim(), registration_number: f.registration_number.trim() || undefined, chassis_number: f.chassis_number.trim(), engine_number: f.engine_number.trim(), reason: f.reason.trim() || undefined },
      },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('repo.submitted') });
          setF(empty);
        },
      },
    );
  };
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4">
      <form onSubmit={submit} noValidate aria-label={t('repo.new')}>
        <Stack gap="3">
          <Heading as="h2" size="sm">
            {t('repo.new')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
            <Field.Root required>
              <Field.Label>{t('repo.loan_id')}</Field.Label>
              <Input size="sm" value={f.loan_id} maxLength={100} onChange={set('loan_id')} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('repo.asset_type')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={assetType} onChange={(e) => setAssetType(ASSET_TYPES.find((a) => a === e.currentTarget.value) ?? 'vehicle')}>
                  {ASSET_TYPES.map((a) => (
                    <option key={a} value={a}>
                      {t(`repo.asset_type_v.${a}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('repo.asset_description')}</Field.Label>
              <Input size="sm" value={f.asset_description} maxLength={200} onChange={set('asset_description')} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('repo.registration')}</Field.Label>
              <Input size="sm" value={f.registration_number} maxLength={30} onChange={set('registration_number')} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('repo.chassis')}</Field.Label>
              <Input size="sm" value={f.chassis_number} maxLength={30} onChange={set('chassis_number')} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('repo.engine')}</Field.Label>
              <Input size="sm" value={f.engine_number} maxLength={30} onChange={set('engine_number')} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('repo.reason')}</Field.Label>
              <Input size="sm" value={f.reason} maxLength={500} onChange={set('reason')} />
            </Field.Root>
          </SimpleGrid>
          {initiate.isError && (
            <Text color="fg.error" role="alert">
              {errorMessage(initiate.error)}
            </Text>
          )}
          <div>
            <Button size="sm" type="submit" loading={initiate.isPending} disabled={!f.loan_id.trim() || !f.asset_description.trim() || !f.chassis_number.trim() || !f.engine_number.trim()}>
              {t('repo.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Box>
  );
}

function CasePanel({ companyId, caseId, canWrite, onClose }: { companyId: string | null; caseId: string; canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { company } = useShell();
  const one = useCase(companyId, caseId);
  const sending = useEndpointMutation(sendRepossessionNotice);
  const sendNotice = (channel: 'email' | 'whatsapp') =>
    sending.mutate(
      { params: { case_id: caseId }, query: { company_id: companyId ?? undefined }, body: { channel } },
      {
        // A blocked or failed message is an answer, not an error: the server's reasons say why.
        onSuccess: (res) => toaster.create({ type: res.outcome === 'sent' ? 'success' : 'warning', title: res.outcome === 'sent' ? t('repo.notice_sent') : res.reasons.join('; ') || t('repo.notice_not_sent') }),
        onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }),
      },
    );
  if (one.isPending) return <LoadingState />;
  if (one.isError) return <ErrorState error={one.error} />;
  const c = one.data;
  const currency = company?.country_currency_code === 'IDR' ? 'IDR' : 'INR';
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" bg="bg.subtle" data-testid="repo-panel">
      <Flex justify="space-between" align="start" gap="2" wrap="wrap">
        <Box>
          <Heading as="h2" size="md">
            {c.loan_id} · {c.applicant_name ?? '—'}
          </Heading>
          <Text fontSize="sm">
            {c.asset_description} {c.registration_number ? `· ${c.registration_number}` : ''}
          </Text>
          <Text fontSize="sm" color="fg.muted" data-testid="repo-identifiers">
            {t('repo.chassis')}: {c.chassis_number} · {t('repo.engine')}: {c.engine_number}
          </Text>
          <HStack mt="1" gap="2">
            <Badge>{t(`repo_field.stage.${c.stage}`)}</Badge>
            <Badge colorPalette={STATUS_PALETTE[c.status]}>{t(`repo.status.${c.status}`)}</Badge>
            {c.agency_name && (
              <Text fontSize="xs">
                {c.agency_name} · {c.agent_name ?? '—'}
              </Text>
            )}
          </HStack>
        </Box>
        <HStack gap="2" wrap="wrap">
          {c.notice_ready && (
            <Button size="sm" variant="outline" onClick={() => void download(repossessionNotice, { params: { case_id: c.case_id }, query: { company_id: companyId ?? undefined } }).catch(fail)}>
              {t('repo.notice')}
            </Button>
          )}
          {c.notice_ready &&
            canWrite &&
            (['email', 'whatsapp'] as const).map((channel) => (
              <Button key={channel} size="sm" variant="outline" loading={sending.isPending && sending.variables?.body?.channel === channel} disabled={sending.isPending} onClick={() => sendNotice(channel)} data-testid={`repo-notice-send-${channel}`}>
                {t(`repo.send_notice_${channel}`)}
              </Button>
            ))}
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('repo.close')}
          </Button>
        </HStack>
      </Flex>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
        <Section title={t('repo.trail_initiation')}>
          <ApprovalTrail type="repossession_initiation" subjectId={c.case_id} />
        </Section>
        {c.release_approval_request_id && (
          <Section title={t('repo.trail_release')}>
            <ApprovalTrail type="repossession_release" subjectId={c.case_id} />
            {c.proceeds_posted_at && c.release_amount_minor !== null && <Text fontSize="sm">{t('repo.proceeds', { amount: formatMinor(c.release_amount_minor, currency) })}</Text>}
          </Section>
        )}
      </SimpleGrid>
      {canWrite && (c.stage === 'notice_issued' || c.stage === 'assigned') && <Assign companyId={companyId} c={c} />}
      <Section title={t('repo.steps')}>
        {c.steps.length === 0 ? (
          <Text fontSize="sm">{t('repo.no_steps')}</Text>
        ) : (
          <Stack as="ol" gap="2" pl="4">
            {c.steps.map((s) => (
              <Box as="li" key={s.step_id} fontSize="sm" data-testid="repo-step">
                <Text fontWeight="medium">
                  {t(`repo_field.step.${s.step}`)} · {formatDateTime(s.occurred_at)} {s.outcome ? `· ${t(`repo.status.${s.outcome}`)}` : ''}
                </Text>
                <Text color="fg.muted">
                  {[s.place, s.police_station, s.reference, s.yard_name, s.odometer_km !== null ? t('repo.odometer', { km: s.odometer_km }) : null, s.belongings.length ? t('repo.belongings', { list: s.belongings.join(', ') }) : null, s.photo_count ? t('repo.photos', { count: s.photo_count }) : null, s.recorded_by_name]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {s.latitude !== null && s.longitude !== null && (
                  <Link fontSize="xs" href={`https://www.openstreetmap.org/?mlat=${s.latitude}&mlon=${s.longitude}#map=17/${s.latitude}/${s.longitude}`} target="_blank" rel="noopener noreferrer" aria-label={t('repo.open_map')} data-testid="step-gps">
                    {t('repo.gps', { lat: s.latitude.toFixed(5), lng: s.longitude.toFixed(5) })}
                  </Link>
                )}
                <StepPhotos companyId={companyId} caseId={c.case_id} stepId={s.step_id} count={s.photo_count} />
              </Box>
            ))}
          </Stack>
        )}
      </Section>
      {c.valuation_minor !== null && <Text fontSize="sm">{t('repo.valuation_v', { amount: formatMinor(c.valuation_minor, currency), valuer: c.valuer ?? '—' })}</Text>}
      {canWrite && (c.stage === 'at_yard' || c.stage === 'valued') && <Yard companyId={companyId} c={c} />}
      {canWrite && c.stage === 'valued' && <Release companyId={companyId} c={c} />}
    </Stack>
  );
}

function BulkStatus({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const { bulk } = useRepoMutations();
  const [text, setText] = useState('');
  const updates = lines(text)
    .map((l) => l.split(/[,\t;]/).map((p) => p.trim()))
    .filter(([, s]) => REPOSSESSION_STATUSES.includes(s as RepossessionStatus))
    .map(([loan_id, status]) => ({ loan_id, status: status as RepossessionStatus }));
  return (
    <Section title={t('repo.bulk')}>
      <Text fontSize="xs" color="fg.muted" mb="1">
        {t('repo.bulk_help')}
      </Text>
      <Textarea size="sm" rows={3} value={text} onChange={(e) => setText(e.currentTarget.value)} aria-label={t('repo.bulk')} />
      <Button
        mt="2"
        size="sm"
        disabled={updates.length === 0}
        loading={bulk.isPending}
        onClick={() =>
          bulk.mutate(
            { query: { company_id: companyId ?? undefined }, body: { updates } },
            {
              onSuccess: (r) => {
                toaster.create({ type: 'success', title: t('repo.bulk_done', { updated: r.updated, missing: r.not_found.join(', ') || '—' }) });
                setText('');
              },
              onError: fail,
            },
          )
        }
      >
        {t('repo.bulk_submit')}
      </Button>
    </Section>
  );
}

export default function RepossessionTrackingPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const [status, setStatus] = useState<RepossessionStatus | undefined>();
  const [stage, setStage] = useState<RepossessionStage | undefined>();
  const [open, setOpen] = useState<string | null>(null);
  const list = useCases(companyId, { stage, status, page: 1 });
  const canWrite = can(initiateRepossession, permissions);
  return (
    <Stack gap="4">
      <Box>
        <Heading as="h1" size="xl">
          {t('repo.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm" maxW="3xl">
          {t('repo.intro')}
        </Text>
      </Box>
      {canWrite && <Initiate companyId={companyId} />}
      <HStack gap="2" wrap="wrap">
        {REPOSSESSION_STATUSES.map((s) => (
          <Button key={s} size="sm" variant={status === s ? 'solid' : 'outline'} aria-pressed={status === s} onClick={() => setStatus(status === s ? undefined : s)} data-testid={`repo-status-${s}`}>
            {t(`repo.status.${s}`)} {list.data ? `(${list.data.counts[s]})` : ''}
          </Button>
        ))}
        <NativeSelect.Root size="sm" maxW="56">
          <NativeSelect.Field value={stage ?? ''} onChange={(e) => setStage(REPOSSESSION_STAGES.find((x) => x === e.currentTarget.value))} aria-label={t('repo.stage_h')}>
            <option value="">{t('repo.all_stages')}</option>
            {REPOSSESSION_STAGES.map((s) => (
              <option key={s} value={s}>
                {t(`repo_field.stage.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {open && <CasePanel companyId={companyId} caseId={open} canWrite={canWrite} onClose={() => setOpen(null)} />}
      <QueryView query={list} isEmpty={(d) => d.cases.length === 0} empty={t('repo.none')}>
        {(d) => (
          <DeskTable columns={[t('repo.loan'), t('repo.asset'), t('repo.stage_h'), t('repo.status_h'), t('repo.agent'), t('repo.initiated'), '']}>
            {d.cases.map((c) => (
              <Table.Row key={c.case_id} data-testid="repo-row">
                <Table.Cell>
                  <Text fontWeight="medium">{c.loan_id}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {c.applicant_name ?? '—'}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <Text>{c.asset_description}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {c.chassis_number} · {c.engine_number}
                  </Text>
                </Table.Cell>
                <Table.Cell>{t(`repo_field.stage.${c.stage}`)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_PALETTE[c.status]}>{t(`repo.status.${c.status}`)}</Badge>
                </Table.Cell>
                <Table.Cell>
                  <Text>{c.agent_name ?? '—'}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {c.agency_name ?? ''}
                  </Text>
                </Table.Cell>
                <Table.Cell>{formatDateTime(c.initiated_at)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="outline" onClick={() => setOpen(c.case_id)}>
                    {t('repo.open')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </DeskTable>
        )}
      </QueryView>
      {canWrite && <BulkStatus companyId={companyId} />}
    </Stack>
  );
}
