/**
 * The territory suggestion tab of portfolio assignment (issue 5): the manager picks field
 * executives and loans (ticked or by filter, optionally only those without a field executive this
 * month), asks POST /allocation/suggestions for balanced, compact territories, sees them on a map
 * (lazy Leaflet chunk) and in a table, adjusts them (move loans, drop an executive, or suggest again
 * without the dropped ones), and confirms: one allocate_loans operation per executive, each
 * followed to its end.
 */
import { Alert, Box, Button, Checkbox, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { CheckCheck, RefreshCw, Sparkles } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyUser } from '../../../domain/contracts/users/company-users';
import { useShell } from '../../lib/shell-context';
import { LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { AGENT_PROFESSION, useSuggestAllocation } from './api';
import { AgentPicker } from './agent-picker';
import { ConfirmDialog } from './confirm-dialog';
import { TabLayout, useOperationStarter, type AssignmentTabProps } from './tab-layout';
import { LoanPicker, usePickSummary } from './loan-picker';
import { confirmations, dropExecutive, moveLoans, proposalFrom, proposalLoans, type Proposal } from './proposal';
import { ProposalTable } from './proposal-table';
import { LeftOutLoans } from './left-out-loans';
import { DEFAULT_SUGGESTION_MAX_KM, SUGGESTION_MAX_KM_LIMIT } from '../../../domain/allocation/suggest';
import { loansSelector, pickedCount } from './selection';

const SuggestionMap = lazy(() => import('./suggestion-map'));

export function SuggestionTab({ pick, onPick, canWrite }: AssignmentTabProps) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const { month, matching } = usePickSummary(pick);
  const [executives, setExecutives] = useState<CompanyUser[]>([]);
  const [onlyUnallocated, setOnlyUnallocated] = useState(false);
  // How far from their base an executive may be sent, km (issue 12); typed text, checked on use.
  const [reach, setReach] = useState(String(DEFAULT_SUGGESTION_MAX_KM));
  const maxKm = Number(reach);
  const reachValid = reach.trim() !== '' && Number.isFinite(maxKm) && maxKm > 0 && maxKm <= SUGGESTION_MAX_KM_LIMIT;
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [confirmingBusy, setConfirmingBusy] = useState(false);
  const suggest = useSuggestAllocation(companyId);
  const { mutation: start, started, addStarted, confirming, setConfirming } = useOperationStarter();
  const selector = loansSelector(pick);
  const count = pickedCount(pick, matching);
  const canSuggest = month !== null && selector !== null && (count ?? 0) > 0 && executives.length > 0 && reachValid;

  const run = (body: Parameters<typeof suggest.mutate>[0]) =>
    suggest.mutate(body, {
      onSuccess: (answer) => setProposal(proposalFrom(answer)),
      onError: (error) => toaster.create({ type: 'error', title: errorMessage(error) }),
    });
  const ask = () => {
    if (!canSuggest || !month) return;
    run({ allocation_month: month, ...selector!, only_unallocated: onlyUnallocated, user_ids: executives.map((e) => e.user_id), max_km: maxKm });
  };
  // Again over the same loans, without the executives the manager dropped (manual moves are redone by the server).
  const again = () => {
    if (!proposal || proposal.groups.length === 0) return;
    // The loans left out too, at the reach now typed: widening the reach and asking again takes them in.
    const loanIds = [...proposalLoans(proposal), ...proposal.leftOut.map((l) => l.loan_id)];
    run({ allocation_month: proposal.month, loan_ids: loanIds, user_ids: proposal.groups.map((g) => g.userId), max_km: reachValid ? maxKm : proposal.maxKm });
  };

  const plan = proposal ? confirmations(proposal) : [];
  const planned = plan.reduce((sum, p) => sum + p.loanIds.length, 0);
  const confirm = async () => {
    if (!proposal) return;
    setConfirmingBusy(true);
    const ids: string[] = [];
    try {
      // One operation per executive, one after the other, so a refusal names its executive.
      for (const p of plan) {
        const record = await start.mutateAsync({ kind: 'json', body: { operation_type: 'allocate_loans', allocation_month: proposal.month, loan_ids: p.loanIds, user_id: p.userId, agent_type: 'fos' } });
        ids.push(record.id);
      }
      toaster.create({ type: 'success', title: t('assignment.suggestion_queued', { count: ids.length }) });
      setProposal(null);
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error) });
    } finally {
      addStarted(ids.reverse());
      setConfirmingBusy(false);
      setConfirming(false);
    }
  };

  return (
    <TabLayout
      id="suggest"
      started={started}
      canWrite={canWrite}
      loans={
        <LoanPicker pick={pick} onChange={onPick} />
      }
      asideTitle={t('assignment.suggest_title')}
      aside={
        <>
          <Text fontSize="sm" color="fg.muted">
            {t('assignment.suggest_help')}
          </Text>
          <AgentPicker companyId={companyId} profession={AGENT_PROFESSION.fos} label={t('assignment.pick_executives')} multiple value={executives} onChange={setExecutives} />
          <Checkbox.Root size="sm" checked={onlyUnallocated} onCheckedChange={(e) => setOnlyUnallocated(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('assignment.only_unallocated')}</Checkbox.Label>
          </Checkbox.Root>
          <Field.Root invalid={!reachValid} width="40">
            <Field.Label>{t('assignment.reach_label')}</Field.Label>
            <Input size="sm" type="number" inputMode="decimal" min={1} max={SUGGESTION_MAX_KM_LIMIT} value={reach} onChange={(e) => setReach(e.currentTarget.value)} data-testid="suggest-max-km" />
            <Field.HelperText>{t('assignment.reach_help', { max: SUGGESTION_MAX_KM_LIMIT })}</Field.HelperText>
          </Field.Root>
          <Text fontSize="sm" aria-live="polite">
            {t('assignment.suggest_summary', { count: count ?? 0, formatted: (count ?? 0).toLocaleString(), executives: executives.length })}
          </Text>
          <Button onClick={ask} disabled={!canSuggest} loading={suggest.isPending}>
            <Sparkles aria-hidden /> {t('assignment.suggest_button')}
          </Button>
        </>
      }
    >
      {proposal && (
        <Stack as="section" gap="3" aria-labelledby="proposal-title" data-testid="proposal">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Box>
              <Heading as="h2" size="md" id="proposal-title">
                {t('assignment.proposal_title', { month: proposal.month })}
              </Heading>
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {t('assignment.proposal_summary', { count: planned, formatted: planned.toLocaleString(), executives: plan.length })}
              </Text>
            </Box>
            <HStack gap="2">
              <Button size="sm" variant="outline" onClick={again} loading={suggest.isPending} disabled={proposal.groups.length === 0}>
                <RefreshCw aria-hidden /> {t('assignment.suggest_again')}
              </Button>
              <Button size="sm" onClick={() => setConfirming(true)} disabled={!canWrite || plan.length === 0}>
                <CheckCheck aria-hidden /> {t('assignment.confirm_suggestion', { count: plan.length })}
              </Button>
            </HStack>
          </HStack>
          {proposal.unassigned.length > 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>{t('assignment.unassigned_note', { count: proposal.unassigned.length })}</Alert.Description>
            </Alert.Root>
          )}
          <LeftOutLoans proposal={proposal} />
          <Suspense fallback={<LoadingState label={t('assignment.map_loading')} />}>
            <SuggestionMap groups={proposal.groups} unassigned={proposal.unassigned} points={proposal.points} />
          </Suspense>
          <ProposalTable
            proposal={proposal}
            onMove={(ids, to) => setProposal((p) => (p ? moveLoans(p, ids, to) : p))}
            onDrop={(userId) => setProposal((p) => (p ? dropExecutive(p, userId) : p))}
          />
        </Stack>
      )}
      {confirming && proposal && (
        <ConfirmDialog
          title={t('assignment.confirm_suggestion_title')}
          summary={t('assignment.confirm_suggestion_text', { count: planned, formatted: planned.toLocaleString(), executives: plan.length, month: proposal.month })}
          confirmLabel={t('assignment.confirm')}
          busy={confirmingBusy}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(false)}
        />
      )}
    </TabLayout>
  );
}
