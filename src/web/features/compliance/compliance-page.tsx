/**
 * `/app/compliance` (issue 13): the company's contact rules within the law, its holiday calendar,
 * its do-not-disturb list, its DLT registry, the overrides granted, and a "Check a contact" dry run that shows why a contact would be
 * refused. Each tab shows when the caller's permissions open it; writes need the write action.
 */
import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { grantOverride, listOverrides } from '../../../domain/contracts/compliance/check';
import { listDnd } from '../../../domain/contracts/compliance/dnd';
import { addDltTemplate, addHoliday, listDltTemplates, listHolidays, updateComplianceRules } from '../../../domain/contracts/compliance/rules';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { CheckForm } from './check-form';
import { DltPanel } from './dlt-panel';
import { DndPanel } from './dnd-panel';
import { HolidaysPanel } from './holidays-panel';
import { OverridesPanel } from './overrides-panel';
import { RulesPanel } from './rules-panel';

type Tab = 'rules' | 'holidays' | 'dnd' | 'dlt' | 'overrides' | 'check';

export default function CompliancePage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const tabs: Tab[] = ['rules', ...(can(listHolidays, permissions) ? (['holidays'] as const) : []), ...(can(listDnd, permissions) ? (['dnd'] as const) : []),
    ...(can(listDltTemplates, permissions) ? (['dlt'] as const) : []),
    ...(can(listOverrides, permissions) ? (['overrides'] as const) : []),
    'check',
  ];
  const [tab, setTab] = useState<Tab>('rules');
  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="xl">
        {t('menu.compliance')}
      </Heading>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as Tab)} variant="line" lazyMount unmountOnExit>
        {/* Six tabs do not fit a phone: the row scrolls rather than wrapping labels. */}
        <Tabs.List overflowX="auto" overflowY="hidden">
          {tabs.map((value) => (
            <Tabs.Trigger key={value} value={value} whiteSpace="nowrap" flexShrink={0}>
              {t(`compliance.tab.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="rules">
          <RulesPanel companyId={companyId} canWrite={can(updateComplianceRules, permissions)} />
        </Tabs.Content>
        <Tabs.Content value="holidays">
          <HolidaysPanel companyId={companyId} canWrite={can(addHoliday, permissions)} />
        </Tabs.Content>
        <Tabs.Content value="dnd">
          <DndPanel companyId={companyId} />
        </Tabs.Content>
        <Tabs.Content value="dlt">
          <DltPanel companyId={companyId} canWrite={can(addDltTemplate, permissions)} />
        </Tabs.Content>
        <Tabs.Content value="overrides">
          <OverridesPanel companyId={companyId} canWrite={can(grantOverride, permissions)} />
        </Tabs.Content>
        <Tabs.Content value="check">
          <CheckForm companyId={companyId} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
