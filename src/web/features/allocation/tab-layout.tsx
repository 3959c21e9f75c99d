/**
 * The frame the assign, suggestion and other-operations tabs share (issue 5): the operations this
 * tab started (live cards, newest first) on top, then the loans on the left and, on desks, a
 * sticky card on the right saying what happens to them (stacked below on phones).
 */
import { Box, Card, Grid, Heading, Stack } from '@chakra-ui/react';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../lib/shell-context';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { OperationProgress, useStartLoanOperation, type LoanOperationInput } from '../bulk/public';
import type { LoanPick } from './selection';

/** What the page hands each tab: the shared loan pick and whether the user may write allocations. */
export interface AssignmentTabProps {
  pick: LoanPick;
  onPick: Dispatch<SetStateAction<LoanPick>>;
  canWrite: boolean;
}

/**
 * A tab's confirm-then-start flow: whether the confirmation is open, `run` posting one loan
 * operation (toast, confirmation closed, its card added on top), and the operations started so far.
 */
export function useOperationStarter() {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const mutation = useStartLoanOperation(companyId);
  const [started, setStarted] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const addStarted = (ids: readonly string[]) => setStarted((s) => [...ids, ...s]);
  const run = (input: LoanOperationInput, onStarted?: () => void) =>
    mutation.mutate(input, {
      onSuccess: (record) => {
        setConfirming(false);
        addStarted([record.id]);
        toaster.create({ type: 'success', title: t('assignment.queued') });
        onStarted?.();
      },
      onError: (error) => {
        setConfirming(false);
        toaster.create({ type: 'error', title: errorMessage(error) });
      },
    });
  return { mutation, started, addStarted, confirming, setConfirming, run };
}

/** Started operations' cards, newest first, each polled until it ends. */
export function StartedOperations({ ids, canWrite }: { ids: readonly string[]; canWrite: boolean }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  if (ids.length === 0) return null;
  return (
    <Stack as="section" gap="2" aria-label={t('assignment.started')}>
      {ids.map((id) => (
        <OperationProgress key={id} companyId={companyId} operationId={id} canWrite={canWrite} />
      ))}
    </Stack>
  );
}

export interface TabLayoutProps {
  /** Prefix of the section heading ids (unique per tab: every tab stays mounted). */
  id: string;
  started: readonly string[];
  canWrite: boolean;
  /** The loan picker. */
  loans: React.ReactNode;
  asideTitle: string;
  aside: React.ReactNode;
  /** Dialogs and the like, after the frame. */
  children?: React.ReactNode;
}

export function TabLayout({ id, started, canWrite, loans, asideTitle, aside, children }: TabLayoutProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="5">
      <StartedOperations ids={started} canWrite={canWrite} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' }} gap="4" alignItems="start">
        <Box as="section" aria-labelledby={`${id}-loans-title`} minW="0">
          <Heading as="h2" size="md" id={`${id}-loans-title`} mb="3">
            {t('assignment.loans_title')}
          </Heading>
          {loans}
        </Box>
        <Card.Root as="section" aria-labelledby={`${id}-aside-title`} size="sm" position={{ lg: 'sticky' }} top={{ lg: '4' }}>
          <Card.Body gap="4">
            <Heading as="h2" size="md" id={`${id}-aside-title`}>
              {asideTitle}
            </Heading>
            {aside}
          </Card.Body>
        </Card.Root>
      </Grid>
      {children}
    </Stack>
  );
}
