/** The case panel's actions on `/app/repossession-tracking` (issue 16): assignment, yard and valuation, release or sale. */
import { Box, Button, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RELEASE_MODES, type ReleaseMode, type RepossessionDetail } from '../../../domain/contracts/repossession/cases';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { useAgents, useRepoMutations } from './api';

export const fail = (err: unknown) => toaster.create({ type: 'error', title: errorMessage(err) });
export const lines = (v: string) => v.split('\n').map((l) => l.trim()).filter(Boolean);

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg">
      <Heading as="h3" size="sm" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

export function Assign({ companyId, c }: { companyId: string | null; c: RepossessionDetail }) {
  const { t } = useTranslation();
  const agents = useAgents(companyId);
  const { assign } = useRepoMutations();
  const [agency, setAgency] = useState(c.agency_name ?? '');
  const [agent, setAgent] = useState(c.agent_id ?? '');
  return (
    <Section title={t('repo.assign')}>
      <HStack gap="2" wrap="wrap" align="end">
        <Field.Root maxW="60">
          <Field.Label>{t('repo.agency')}</Field.Label>
          <Input size="sm" value={agency} maxLength={120} onChange={(e) => setAgency(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root maxW="60">
          <Field.Label>{t('repo.agent')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={agent} onChange={(e) => setAgent(e.currentTarget.value)}>
              <option value="">{t('repo.choose_agent')}</option>
              {(agents.data?.agents ?? []).map((a) => (
                <option key={a.user_id} value={a.user_id}>
                  {a.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button
          size="sm"
          disabled={!agency.trim() || !agent}
          loading={assign.isPending}
          onClick={() => assign.mutate({ params: { case_id: c.case_id }, query: { company_id: companyId ?? undefined }, body: { agency_name: agency.trim(), agent_id: agent } }, { onSuccess: () => toaster.create({ type: 'success', title: t('repo.assigned') }), onError: fail })}
        >
          {t('repo.assign')}
        </Button>
      </HStack>
    </Section>
  );
}

export function Yard({ companyId, c }: { companyId: string | null; c: RepossessionDetail }) {
  const { t } = useTranslation();
  const { yard } = useRepoMutations();
  const [name, setName] = useState(c.yard_name ?? '');
  const [inventory, setInventory] = useState(c.yard_inventory.join('\n'));
  const [valuation, setValuation] = useState(c.valuation_minor ? String(c.valuation_minor) : '');
  const [valuer, setValuer] = useState(c.valuer ?? '');
  return (
    <Section title={t('repo.yard')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
        <Field.Root>
          <Field.Label>{t('repo.yard_name')}</Field.Label>
          <Input size="sm" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('repo.valuer')}</Field.Label>
          <Input size="sm" value={valuer} onChange={(e) => setValuer(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('repo.valuation')}</Field.Label>
          <Input size="sm" inputMode="numeric" value={valuation} onChange={(e) => setValuation(e.currentTarget.value.replace(/\D/g, ''))} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('repo.inventory')}</Field.Label>
          <Textarea size="sm" rows={3} value={inventory} onChange={(e) => setInventory(e.currentTarget.value)} />
        </Field.Root>
      </SimpleGrid>
      <Button
        mt="2"
        size="sm"
        disabled={!name.trim() || !valuer.trim() || !Number(valuation)}
        loading={yard.isPending}
        onClick={() =>
          yard.mutate(
            { params: { case_id: c.case_id }, query: { company_id: companyId ?? undefined }, body: { yard_name: name.trim(), valuer: valuer.trim(), valuation_minor: Number(valuation), inventory: lines(inventory) } },
            { onSuccess: () => toaster.create({ type: 'success', title: t('repo.yard_saved') }), onError: fail },
          )
        }
      >
        {t('repo.save_yard')}
      </Button>
    </Section>
  );
}

export function Release({ companyId, c }: { companyId: string | null; c: RepossessionDetail }) {
  const { t } = useTranslation();
  const { release } = useRepoMutations();
  const [mode, setMode] = useState<ReleaseMode>('payment');
  const [amount, setAmount] = useState('');
  const [buyer, setBuyer] = useState('');
  const [reference, setReference] = useState('');
  return (
    <Section title={t('repo.release')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
        <Field.Root>
          <Field.Label>{t('repo.mode')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={mode} onChange={(e) => setMode(RELEASE_MODES.find((m) => m === e.currentTarget.value) ?? 'payment')}>
              {RELEASE_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`repo.mode_v.${m}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('repo.amount')}</Field.Label>
          <Input size="sm" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.currentTarget.value.replace(/\D/g, ''))} />
        </Field.Root>
        {mode === 'auction' && (
          <Field.Root>
            <Field.Label>{t('repo.buyer')}</Field.Label>
            <Input size="sm" value={buyer} onChange={(e) => setBuyer(e.currentTarget.value)} />
          </Field.Root>
        )}
        <Field.Root>
          <Field.Label>{t('repo.reference')}</Field.Label>
          <Input size="sm" value={reference} onChange={(e) => setReference(e.currentTarget.value)} />
        </Field.Root>
      </SimpleGrid>
      <Button
        mt="2"
        size="sm"
        disabled={!Number(amount) || (mode === 'auction' && !buyer.trim())}
        loading={release.isPending}
        onClick={() =>
          release.mutate(
            { params: { case_id: c.case_id }, query: { company_id: companyId ?? undefined }, body: { mode, amount_minor: Number(amount), buyer_name: buyer.trim() || undefined, reference: reference.trim() || undefined } },
            { onSuccess: () => toaster.create({ type: 'success', title: t('repo.release_submitted') }), onError: fail },
          )
        }
      >
        {t('repo.request_release')}
      </Button>
    </Section>
  );
}

