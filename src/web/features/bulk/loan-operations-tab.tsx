/**
 * Loan operations (spec 2 bulk tab "loan operations"; spec 4 "Loan operations default" statuses
 * plus cancelled after termination; spec 8 'Failed to terminate operation'; issue 5): the
 * company's operations newest first, 10 to a page (spec 9), each with its status, a progress bar
 * while it runs (the list is polled while any listed operation is running), its counts, the error
 * file, and Terminate where allowed. Shown under /app/bulk-operations and under the portfolio
 * assignment screen's operations tab.
 */
import { Box, Card, Flex, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanOperationRecord } from '../../../domain/contracts/bulk/loan-operations';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { useIsPhone } from '../../lib/use-is-phone';
import { OperationBar, OperationErrorFile, TerminateButton, mayTerminate, operationSubject } from './operation-progress';
import { LOAN_OPERATIONS_PAGE_SIZE, isFinalStatus, useLoanOperations } from './api';
import { formatDateTime } from '../../lib/format';
import { StatusBadge } from './status-badge';

function Counts({ record }: { record: LoanOperationRecord }) {
  const { t } = useTranslation();
  return <>{t('loan_operations.counts', { total: record.total_count.toLocaleString(), success: record.success_count.toLocaleString(), failed: record.failed_count.toLocaleString() })}</>;
}

function Actions({ companyId, record, canWrite }: { companyId: string | null; record: LoanOperationRecord; canWrite: boolean }) {
  const terminable = canWrite && mayTerminate(record);
  if (!record.error_file_url && !terminable) return null;
  return (
    <HStack gap="1" justify="flex-end" wrap="wrap">
      {record.error_file_url && <OperationErrorFile companyId={companyId} record={record} size="xs" />}
      {terminable && <TerminateButton companyId={companyId} record={record} size="xs" />}
    </HStack>
  );
}

/** The paged list of loan operations (desk table, phone cards). */
export function LoanOperationsTab({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  const list = useLoanOperations(companyId, page);
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const operations = list.data.operations;
  if (operations.length === 0 && page === 1) return <EmptyState>{t('loan_operations.empty')}</EmptyState>;
  const label = t('loan_operations.list_label');
  return (
    <Stack gap="3" data-testid="loan-operations">
      {isPhone ? (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={label}>
          {operations.map((record) => (
            <Card.Root as="li" key={record.id} size="sm" data-testid="loan-operation-row" data-operation-id={record.id}>
              <Card.Body gap="2">
                <Flex justify="space-between" gap="2" align="start">
                  <Box minW="0">
                    <Text fontWeight="semibold">{t(`loan_operations.type.${record.operation_type}`)}</Text>
                    <Text fontSize="sm" color="fg.muted" truncate>
                      {record.allocation_month} · {operationSubject(record, t)}
                    </Text>
                  </Box>
                  <StatusBadge status={record.status} />
                </Flex>
                {!isFinalStatus(record.status) && <OperationBar value={record.progress} label={t('loan_operations.progress_named', { name: t(`loan_operations.type.${record.operation_type}`) })} />}
                <Text fontSize="sm">
                  <Counts record={record} />
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {record.author_name ?? '—'} · {formatDateTime(record.created_at)}
                </Text>
                <Actions companyId={companyId} record={record} canWrite={canWrite} />
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
          <Table.Root size="sm" aria-label={label}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('loan_operations.operation')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('loan_operations.month')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('loan_operations.status')}</Table.ColumnHeader>
                <Table.ColumnHeader minW="40">{t('loan_operations.progress')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('loan_operations.total')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('loan_operations.succeeded')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('loan_operations.failed')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('loan_operations.created')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Box srOnly>{t('common.actions')}</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {operations.map((record) => {
                const name = t(`loan_operations.type.${record.operation_type}`);
                const subject = operationSubject(record, t);
                return (
                  <Table.Row key={record.id} data-testid="loan-operation-row" data-operation-id={record.id}>
                    <Table.Cell maxW="64">
                      <Text fontWeight="medium" whiteSpace="nowrap">
                        {name}
                      </Text>
                      {subject && (
                        <Text fontSize="xs" color="fg.muted" truncate title={subject}>
                          {subject}
                        </Text>
                      )}
                    </Table.Cell>
                    <Table.Cell>{record.allocation_month}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge status={record.status} />
                    </Table.Cell>
                    <Table.Cell>
                      {isFinalStatus(record.status) ? (
                        <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                          {t('loan_operations.finished', { when: formatDateTime(record.finished_at) })}
                        </Text>
                      ) : (
                        <OperationBar value={record.progress} label={t('loan_operations.progress_named', { name })} />
                      )}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{record.total_count.toLocaleString()}</Table.Cell>
                    <Table.Cell textAlign="end">{record.success_count.toLocaleString()}</Table.Cell>
                    <Table.Cell textAlign="end">{record.failed_count.toLocaleString()}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <Text>{formatDateTime(record.created_at)}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        {t('loan_operations.by_name', { name: record.author_name ?? '—' })}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Actions companyId={companyId} record={record} canWrite={canWrite} />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Pager page={page} pageSize={LOAN_OPERATIONS_PAGE_SIZE} total={list.data.total} onPage={setPage} />
    </Stack>
  );
}
