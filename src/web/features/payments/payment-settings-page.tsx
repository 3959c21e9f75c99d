/**
 * `/app/payment-settings` (issue 15; spec 2 "payments onboarding with parent and child tabs",
 * "biller management"; spec 3 payment settings sections): parent tabs group the sections, child
 * tabs hold one section's form each. Defaults (spec 2): the payment link tab, and in it the payment
 * settings charges tab. Tabs are Chakra's (role=tablist; arrow keys move between tabs). The
 * payment_gateway section keeps its own screen (`/app/payments`, secrets stored encrypted); the
 * gateway tab shows what is configured and links there. webhook_configurations (outgoing signed
 * webhooks to the lender's systems, with their delivery log) is its own parent tab, "Webhooks".
 */
import { Badge, Button, Flex, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { putSettingsSection, type AllSettingsSections } from '../../../domain/contracts/payments/settings-sections';
import { createBiller } from '../../../domain/contracts/payments/settings-sections';
import type { SettingsSectionName } from '../../../domain/payments/settings-sections';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { ErrorState, LoadingState } from '../../components/query-state';
import { useGateways } from './api';
import { useBillers, usePaymentSettings } from './settings-api';
import { BillersTab } from './billers-tab';
import { SectionForm } from './settings-section-form';
import { WebhookConfigurationsPanel } from './webhook-configurations-panel';

/** Parent tabs and their child tabs (sections), first child the default. */
const GROUPS = {
  payment_link: ['payment_settings_charges', 'backend_charges', 'payment_link_configurations', 'billzy_payment_link'],
  recurring: ['recurring_configuration', 'recurring_payments'],
  upi_collect: ['upi_collect_configurations', 'upi_collect_configuration', 'upi_collect_webhook_configurations'],
  payment_gateway: [],
  billers: [],
  webhook_configurations: [],
} as const satisfies Record<string, readonly SettingsSectionName[]>;
type Group = keyof typeof GROUPS;

function GatewaySummary({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const gateways = useGateways(companyId);
  if (gateways.isPending) return <LoadingState />;
  if (gateways.isError) return <ErrorState error={gateways.error} onRetry={() => void gateways.refetch()} />;
  return (
    <Stack gap="3" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
      <Heading as="h2" size="md">
        {t('payment_settings.section.payment_gateway')}
      </Heading>
      {gateways.data.gateways.length === 0 ? (
        <Text color="fg.muted">{t('payments.no_gateways')}</Text>
      ) : (
        <Flex gap="2" wrap="wrap">
          {gateways.data.gateways.map((g) => (
            <Badge key={g.pg_vendor} colorPalette={g.is_active === 'true' ? 'green' : 'gray'} size="lg">
              {t(`payments.vendor.${g.pg_vendor}`)} · {g.merchant_id}
            </Badge>
          ))}
        </Flex>
      )}
      <div>
        <Button asChild variant="outline">
          <RouterLink to="../payments" relative="path">{t('payment_settings.open_gateways')}</RouterLink>
        </Button>
      </div>
    </Stack>
  );
}

function SectionTabs({ group, companyId, sections, canWrite }: { group: Group; companyId: string | null; sections: AllSettingsSections['sections']; canWrite: boolean }) {
  const { t } = useTranslation();
  const names = GROUPS[group] as readonly SettingsSectionName[];
  const [child, setChild] = useState<SettingsSectionName>(names[0]);
  const billers = useBillers(group === 'payment_link' ? companyId : null);
  const billerChoices = [{ value: '', label: t('payment_settings.no_biller') }, ...(billers.data?.billers ?? []).filter((b) => b.is_active === 'true').map((b) => ({ value: b.biller_code, label: `${b.name} (${b.biller_code})` }))];
  return (
    <Tabs.Root value={child} onValueChange={(e) => setChild(e.value as SettingsSectionName)} variant="enclosed" size="sm" lazyMount unmountOnExit>
      <Tabs.List overflowX="auto" overflowY="hidden" maxW="full" aria-label={t(`payment_settings.group.${group}`)}>
        {names.map((s) => (
          <Tabs.Trigger key={s} value={s} whiteSpace="nowrap" flexShrink={0}>
            {t(`payment_settings.section.${s}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {names.map((s) => {
        const record = sections[s];
        return (
          <Tabs.Content key={s} value={s}>
            <SectionForm
              key={record.updated_at ?? 'defaults'}
              companyId={companyId}
              section={s}
              values={record.values}
              updatedAt={record.updated_at}
              canWrite={canWrite}
              choices={s === 'billzy_payment_link' ? { biller_code: billerChoices } : undefined}
            />
          </Tabs.Content>
        );
      })}
    </Tabs.Root>
  );
}

export default function PaymentSettingsPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const settings = usePaymentSettings(companyId);
  const canWrite = can(putSettingsSection.backend_charges, permissions);
  const [group, setGroup] = useState<Group>('payment_link');
  return (
    <Stack gap="5" maxW="6xl">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('menu.payment_settings')}
        </Heading>
        {!canWrite && <Text color="fg.muted">{t('payment_settings.read_only')}</Text>}
      </Stack>
      <Tabs.Root value={group} onValueChange={(e) => setGroup(e.value as Group)} variant="line" lazyMount unmountOnExit>
        <Tabs.List overflowX="auto" overflowY="hidden" aria-label={t('menu.payment_settings')}>
          {(Object.keys(GROUPS) as Group[]).map((g) => (
            <Tabs.Trigger key={g} value={g} whiteSpace="nowrap" flexShrink={0}>
              {t(`payment_settings.group.${g}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {(['payment_link', 'recurring', 'upi_collect'] as const).map((g) => (
          <Tabs.Content key={g} value={g}>
            {settings.isPending ? (
              <LoadingState />
            ) : settings.isError ? (
              <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
            ) : (
              <SectionTabs group={g} companyId={companyId} sections={settings.data.sections} canWrite={canWrite} />
            )}
          </Tabs.Content>
        ))}
        <Tabs.Content value="payment_gateway">
          <GatewaySummary companyId={companyId} />
        </Tabs.Content>
        <Tabs.Content value="billers">
          <BillersTab companyId={companyId} canWrite={can(createBiller, permissions)} />
        </Tabs.Content>
        <Tabs.Content value="webhook_configurations">
          <WebhookConfigurationsPanel />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
