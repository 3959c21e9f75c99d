/**
 * `/app/bulk-operations` (spec 2 bulk operation tabs): the import management, export management
 * and loan operations tabs, each shown when the user may call the list it opens with (`can`:
 * Core Collection Modules › imports / exports / allocation read); writing needs the tab's start
 * endpoint. The payments tab (offline payment uploads) is the payments area's (CG Payment Module ›
 * payments); the notice management tab is the legal area's (notice batches and templates, notice ›
 * notices read). The digital communication tab of spec 2 is not built yet and so not shown.
 * `?tab=export_management` opens the export tab.
 */
import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { createExport, listExports } from '../../../domain/contracts/bulk/exports';
import { createImport, listImports } from '../../../domain/contracts/bulk/imports';
import { listLoanOperations, startLoanOperation } from '../../../domain/contracts/bulk/loan-operations';
import { createPaymentUpload, listPaymentUploads } from '../../../domain/contracts/payments/uploads';
import { listBatches } from '../../../domain/contracts/legal/notices';
import { LoadingState } from '../../components/query-state';
import { NoticeManagementTab } from '../legal/public';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { ExportTab } from './export-tab';
import { ImportTab } from './import-tab';
import { LoanOperationsTab } from './loan-operations-tab';
import { PaymentUploadsTab } from '../payments/public';

export default function BulkOperationsPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const [params, setParams] = useSearchParams();
  const tabs = [
    can(listImports, permissions) && 'import_management',
    can(listExports, permissions) && 'export_management',
    can(listLoanOperations, permissions) && 'loan_operations',
    can(listPaymentUploads, permissions) && 'payments',
    can(listBatches, permissions) && 'notice_management',
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
            <ImportTab companyId={companyId} canWrite={can(createImport, permissions)} />
          </Tabs.Content>
          <Tabs.Content value="export_management">
            <ExportTab companyId={companyId} canWrite={can(createExport, permissions)} />
          </Tabs.Content>
          <Tabs.Content value="loan_operations">
            <LoanOperationsTab companyId={companyId} canWrite={can(startLoanOperation, permissions)} />
          </Tabs.Content>
          <Tabs.Content value="payments">
            <PaymentUploadsTab companyId={companyId} canWrite={can(createPaymentUpload, permissions)} />
          </Tabs.Content>
          <Tabs.Content value="notice_management">
            <Suspense fallback={<LoadingState />}>
              <NoticeManagementTab />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Stack>
  );
}
