/**
 * One loan operation while it runs and after (spec 4 "Loan operations default" statuses, spec 8
 * 'Failed to terminate operation'; issue 5): its status badge, a progress bar polled every second
 * until a final status, the counts, the error file of failed loans, and Terminate where spec 4's
 * rule allows it (canTerminate on the loan operations tab) and the user may write allocations.
 */
import { Button, Card, Flex, HStack, Progress, SimpleGrid, Text } from '@chakra-ui/react';
import { Square } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { loanOperationErrorFile, type LoanOperationRecord } from '../../../domain/contracts/bulk/loan-operations';
import { TERMINATION_FAILED_MESSAGE, canTerminate } from '../../../domain/bulk/termination';
import { ErrorState, LoadingState } from '../../components/query-state';
import { toaster } from '../../lib/toaster';
import { DownloadButton } from '../../components/download-button';
import { StatusBadge } from './status-badge';
import { useLoanOperation, useTerminateLoanOperation } from './api';
import { CountFigure } from '../../components/count-figure';

/** Whether the operation may be terminated now (spec 4 rule for the loan operations tab). */
export function mayTerminate(record: Pick<LoanOperationRecord, 'status' | 'operation_type'>): boolean {
  return canTerminate({ status: record.status, operationType: record.operation_type, tab: 'loan_operations' });
}

/** What the operation acts with, e.g. 'to Ganesh Shinde', 'Ganesh Shinde → Ravi Pawar', 'tags: vip, legal', the file's name. */
export function operationSubject(record: LoanOperationRecord, t: TFunction): string {
  const user = record.user_name ?? record.user_id;
  switch (record.operation_type) {
    case 'allocate_loans':
      return t('loan_operations.subject.to', { name: user ?? '—' });
    case 'allocate_loans_via_excel':
      return record.file_name ?? '—';
    case 'move_loans':
      return t('loan_operations.subject.move', { from: record.from_user_name ?? record.from_user_id ?? '—', to: user ?? '—' });
    case 'deallocate_loans':
      return user ? t('loan_operations.subject.from', { name: user }) : t(`loan_operations.agent_type.${record.agent_type ?? 'fos'}`);
    case 'add_tags':
    case 'delete_tags':
      return t('loan_operations.subject.tags', { tags: record.tags.join(', ') });
    default:
      return '';
  }
}

/** Terminate button with the spec 8 refusal message. */
export function TerminateButton({ companyId, record, size = 'sm' }: { companyId: string | null; record: LoanOperationRecord; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const terminate = useTerminateLoanOperation(companyId);
  const stop = () =>
    terminate.mutate(record.id, {
      onSuccess: () => toaster.create({ type: 'success', title: t('loan_operations.terminated') }),
      onError: () => toaster.create({ type: 'error', title: TERMINATION_FAILED_MESSAGE }),
    });
  return (
    <Button
      size={size}
      variant="outline"
      colorPalette="red"
      loading={terminate.isPending}
      onClick={stop}
      aria-label={t('loan_operations.terminate_named', { name: t(`loan_operations.type.${record.operation_type}`) })}
    >
      <Square aria-hidden /> {t('loan_operations.terminate')}
    </Button>
  );
}

/** Download of the operation's failed loans (CSV with a reason column). */
export function OperationErrorFile({ companyId, record, size = 'sm' }: { companyId: string | null; record: LoanOperationRecord; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      size={size}
      endpoint={loanOperationErrorFile}
      params={{ id: record.id }}
      query={{ company_id: companyId ?? undefined }}
      fallbackName={`loan-operation-errors-${record.id}.csv`}
      label={t('loan_operations.error_file')}
      ariaLabel={t('loan_operations.error_file_named', { name: t(`loan_operations.type.${record.operation_type}`), subject: operationSubject(record, t) })}
    />
  );
}

/** A 0–100 progress bar with its percentage. */
export function OperationBar({ value, label }: { value: number; label: string }) {
  const progress = Math.round(Math.min(100, Math.max(0, value)));
  return (
    <Progress.Root value={progress} max={100} size="sm">
      <HStack gap="3">
        <Progress.Track flex="1" aria-label={label} aria-valuetext={`${progress}%`}>
          <Progress.Range />
        </Progress.Track>
        <Progress.ValueText minW="10" textAlign="end">{`${progress}%`}</Progress.ValueText>
      </HStack>
    </Progress.Root>
  );
}

/** The live card of one operation (polled until final). */
export function OperationProgress({ companyId, operationId, canWrite }: { companyId: string | null; operationId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const job = useLoanOperation(companyId, operationId);
  if (job.isPending) return <LoadingState />;
  if (job.isError) return <ErrorState error={job.error} onRetry={() => void job.refetch()} />;
  const record = job.data;
  const subject = operationSubject(record, t);
  return (
    <Card.Root size="sm" data-testid="operation-progress" data-operation-id={record.id}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Text fontWeight="semibold" truncate>
            {t(`loan_operations.type.${record.operation_type}`)} · {record.allocation_month}
            {subject ? ` · ${subject}` : ''}
          </Text>
          <StatusBadge status={record.status} />
        </Flex>
        <OperationBar value={record.progress} label={t('loan_operations.progress_label')} />
        <SimpleGrid columns={3} gap="2" aria-live="polite">
          <CountFigure label={t('loan_operations.total')} value={record.total_count} testId="operation-total" />
          <CountFigure label={t('loan_operations.succeeded')} value={record.success_count} testId="operation-success" />
          <CountFigure label={t('loan_operations.failed')} value={record.failed_count} testId="operation-failed" />
        </SimpleGrid>
        {record.message && (
          <Text fontSize="sm" color="fg.muted">
            {record.message}
          </Text>
        )}
        {(record.error_file_url || (canWrite && mayTerminate(record))) && (
          <HStack gap="2" wrap="wrap">
            {record.error_file_url && <OperationErrorFile companyId={companyId} record={record} />}
            {canWrite && mayTerminate(record) && <TerminateButton companyId={companyId} record={record} />}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
