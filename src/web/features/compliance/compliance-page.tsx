/**
 * `/app/compliance` (issue 13): the company's contact rules within the law, its holiday calendar,
 * its do-not-disturb list, and a "Check a contact" dry run that shows why a contact would be
 * refused. Each tab shows when the caller's permissions open it; writes need the write action.
 */
import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDnd } from '../../../domain/contracts/compliance/dnd';
import { addHoliday, listHolidays, updateComplianceRules } from '../../../domain/contracts/compliance/rules';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { CheckForm } from './check-form';
import { DndPanel } from './dnd-panel';
import { HolidaysPanel } from './holidays-panel';
import { RulesPanel } from './rules-panel';

type Tab = 'rules' | 'holidays' | 'dnd' | 'check';

export default function CompliancePage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const tabs: Tab[] = ['rules', ...(can(listHolidays, permissions) ? (['holidays'] as const) : []), ...(can(listDnd, permissions) ? (['dnd'] as const) : []), 'check'];
  const [tab, setTab] = useState<Tab>('rules');
  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="xl">
        {t('menu.compliance')}
      </Heading>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as Tab)} variant="line" lazyMount unmountOnExit>
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Trigger key={value} value={value}>
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
        <Tabs.Content value="check">
          <CheckForm companyId={companyId} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
