/**
 * `/app/bulk-operations` (spec 2 bulk operation tabs): the import management, export management
 * and loan operations tabs, each shown when the user may read Core Collection Modules › imports /
 * exports / allocation. The other tabs of spec 2 (payments, notices, digital communication) are
 * not built yet and so not shown. `?tab=export_management` opens the export tab.
 */
import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { hasPermission } from '../../../domain/users/permissions';
import { useShell } from '../../app/shell-context';
import { ExportTab } from './export-tab';
import { ImportTab } from './import-tab';
import { LoanOperationsTab } from './loan-operations-tab';

const need = (action: 'imports' | 'exports' | 'allocation', access: 'read' | 'write') => ({ module: 'Core Collection Modules', action, access }) as const;

export default function BulkOperationsPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const [params, setParams] = useSearchParams();
  const tabs = [
    hasPermission(permissions, need('imports', 'read')) && 'import_management',
    hasPermission(permissions, need('exports', 'read')) && 'export_management',
    hasPermission(permissions, need('allocation', 'read')) && 'loan_operations',
  ].filter((tab): tab is string => typeof tab === 'string');
  const asked = params.get('tab');
  const tab = asked && tabs.includes(asked) ? asked : tabs[0];
  const choose = (value: string) =>
    setParams(
      (p) => {
        p.set('tab', value);
        return p;
      },
      { replace: true },
    );
  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('menu.bulk_operations')}
      </Heading>
      {tab && (
        <Tabs.Root value={tab} onValueChange={(e) => choose(e.value)} variant="line" lazyMount unmountOnExit>
          <Tabs.List>
            {tabs.map((value) => (
              <Tabs.Trigger key={value} value={value}>
                {value === 'loan_operations' ? t('loan_operations.tab') : t(`bulk.tab.${value}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="import_management">
            <ImportTab companyId={companyId} canWrite={hasPermission(permissions, need('imports', 'write'))} />
          </Tabs.Content>
          <Tabs.Content value="export_management">
            <ExportTab companyId={companyId} canWrite={hasPermission(permissions, need('exports', 'write'))} />
          </Tabs.Content>
          <Tabs.Content value="loan_operations">
            <LoanOperationsTab companyId={companyId} canWrite={hasPermission(permissions, need('allocation', 'write'))} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Stack>
  );
}
