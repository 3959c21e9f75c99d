/** `/app/user-reports` (spec 3 "User report types"): a tab per report type, a paged table. */
import { Heading, Stack, Table, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_REPORT_TYPES, type UserReportType } from '../../../domain/contracts/auth/reports';
import { useShell } from '../../lib/shell-context';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { USERS_PAGE_SIZE, useUserReport } from './api';

function formatCell(value: string | number | boolean | null): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return String(value);
}

function ReportTable({ reportType }: { reportType: UserReportType }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const [page, setPage] = useState(1);
  const report = useUserReport(companyId, reportType, page);
  if (report.isPending) return <LoadingState />;
  if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  const { columns, rows, total } = report.data;
  if (rows.length === 0) return <EmptyState>{t('reports.empty')}</EmptyState>;
  return (
    <Stack gap="4">
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg" maxW="full">
        <Table.Root size="sm" aria-label={t(`reports.type.${reportType}`)}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                <Table.ColumnHeader key={c} whiteSpace="nowrap">
                  {t(`reports.column.${c}`, { defaultValue: c.replace(/_/g, ' ') })}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row, index) => (
              <Table.Row key={index}>
                {columns.map((c) => (
                  <Table.Cell key={c} whiteSpace="nowrap">
                    {formatCell(row[c] ?? null)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Pager page={page} pageSize={USERS_PAGE_SIZE} total={total} onPage={setPage} />
    </Stack>
  );
}

export default function UserReportsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>(USER_REPORT_TYPES[0]);
  return (
    <Stack gap="5" minW="0">
      <Heading as="h1" size="xl">
        {t('menu.user_reports')}
      </Heading>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount unmountOnExit>
        <Tabs.List overflowX="auto" maxW="full">
          {USER_REPORT_TYPES.map((type) => (
            <Tabs.Trigger key={type} value={type} whiteSpace="nowrap">
              {t(`reports.type.${type}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {USER_REPORT_TYPES.map((type) => (
          <Tabs.Content key={type} value={type}>
            <ReportTable reportType={type} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
