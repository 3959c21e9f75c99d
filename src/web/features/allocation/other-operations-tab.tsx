/**
 * The other loan operations of portfolio assignment (issue 5; spec 4 terminable operations):
 * deallocate, move between agents (from → to), add tags, delete tags, archive and unarchive, each a
 * small form over the loans picked (ticked, by filter, pasted loan ids, or — for move and
 * deallocate — every loan the agent holds this month), confirmed, then posted as a loan operation
 * (POST /bulk/loan-operations) and followed to its end.
 */
import { Button, Field, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateLoanOperationBody } from '../../../domain/contracts/bulk/loan-operations';
import type { CompanyUser } from '../../../domain/contracts/users/company-users';
import { TAG_PATTERN, type AgentType, type LoanOperationType } from '../../../domain/bulk/loan-operations';
import { useShell } from '../../lib/shell-context';
import { AGENT_PROFESSION } from './api';
import { AgentPicker, AgentTypeSelect } from './agent-picker';
import { ConfirmDialog } from './confirm-dialog';
import { TabLayout, useOperationStarter, type AssignmentTabProps } from './tab-layout';
import { LoanPicker, usePickSummary } from './loan-picker';
import { loansSelector, parseLoanIds, parseTags, pickedCount, type LoanPick, type LoansSelector } from './selection';

/** The operations this tab offers, in menu order. */
export const OTHER_OPERATIONS = ['deallocate_loans', 'move_loans', 'add_tags', 'delete_tags', 'archive_loans', 'unarchive_loans'] as const satisfies readonly LoanOperationType[];
type OtherOperation = (typeof OTHER_OPERATIONS)[number];

const IDS_MODE = 'ids';
const AGENT_MODE = 'agent_loans';

export function OtherOperationsTab({ pick, onPick, canWrite }: AssignmentTabProps) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const [operation, setOperation] = useState<OtherOperation>('deallocate_loans');
  const [agentType, setAgentType] = useState<AgentType>('fos');
  const [agent, setAgent] = useState<CompanyUser[]>([]);
  const [target, setTarget] = useState<CompanyUser[]>([]);
  const [tagText, setTagText] = useState('');
  const [idsText, setIdsText] = useState('');
  const [extraMode, setExtraMode] = useState<string | null>(null);
  const { mutation: start, started, confirming, setConfirming, run } = useOperationStarter();

  const unarchive = operation === 'unarchive_loans';
  const withAgent = operation === 'deallocate_loans' || operation === 'move_loans';
  const withTags = operation === 'add_tags' || operation === 'delete_tags';
  // Archived loans are not in the loans list: unarchiving picks them by filter or by pasted ids.
  const effectivePick: LoanPick = unarchive && pick.mode === 'selection' ? { ...pick, mode: 'filter' } : pick;
  const { month, matching } = usePickSummary(effectivePick);
  const mode = extraMode === AGENT_MODE && !withAgent ? null : extraMode;
  const pastedIds = parseLoanIds(idsText);
  const tags = parseTags(tagText);
  const badTags = tags.filter((tag) => !TAG_PATTERN.test(tag));
  const from = agent[0] ?? null;
  const to = target[0] ?? null;

  let selector: LoansSelector | Record<string, never> | null;
  let count: number | null;
  if (mode === IDS_MODE) {
    selector = pastedIds.length > 0 ? { loan_ids: pastedIds } : null;
    count = pastedIds.length;
  } else if (mode === AGENT_MODE) {
    selector = from ? {} : null;
    count = null;
  } else {
    selector = loansSelector(effectivePick);
    count = unarchive ? null : pickedCount(effectivePick, matching);
  }

  const problem = ((): string | null => {
    if (!canWrite) return t('assignment.read_only');
    if (!month) return t('assignment.assign_missing');
    if (selector === null || count === 0) return mode === AGENT_MODE ? t('assignment.need_from_agent') : t('assignment.need_loans');
    if (operation === 'move_loans' && (!from || !to)) return t('assignment.need_move_agents');
    if (operation === 'move_loans' && from && to && from.user_id === to.user_id) return t('assignment.same_agents');
    if (withTags && tags.length === 0) return t('assignment.need_tags');
    if (badTags.length > 0) return t('assignment.bad_tags', { tags: badTags.join(', ') });
    return null;
  })();

  const body = (): CreateLoanOperationBody => {
    const base = { operation_type: operation, allocation_month: month!, ...selector } as CreateLoanOperationBody;
    if (operation === 'deallocate_loans') return { ...base, agent_type: agentType, ...(from ? { user_id: from.user_id } : {}) };
    if (operation === 'move_loans') return { ...base, agent_type: agentType, from_user_id: from!.user_id, user_id: to!.user_id };
    if (withTags) return { ...base, tags };
    return base;
  };

  const loansText =
    mode === AGENT_MODE
      ? t('assignment.agent_loans_text')
      : count === null
        ? t('assignment.filter_loans_text')
        : t('assignment.loans_count_text', { count, formatted: count.toLocaleString() });
  const summary = t(`assignment.summary.${operation === 'deallocate_loans' && from ? 'deallocate_loans_agent' : operation}`, {
    loans: loansText,
    month,
    from: from?.name ?? '',
    to: to?.name ?? '',
    tags: tags.join(', '),
    agent_type: t(`loan_operations.agent_type.${agentType}`),
  });

  const submit = () => run({ kind: 'json', body: body() });

  const extraModes = [
    { value: IDS_MODE, label: t('assignment.mode.ids') },
    ...(withAgent ? [{ value: AGENT_MODE, label: t('assignment.mode.agent_loans') }] : []),
  ];
  const extraContent =
    mode === IDS_MODE ? (
      <Field.Root>
        <Field.Label>{t('assignment.ids_label')}</Field.Label>
        <Textarea rows={6} value={idsText} onChange={(e) => setIdsText(e.currentTarget.value)} fontFamily="mono" fontSize="sm" />
        <Field.HelperText>{t('assignment.ids_help', { count: pastedIds.length })}</Field.HelperText>
      </Field.Root>
    ) : (
      <Text fontSize="sm" color="fg.muted" borderWidth="1px" borderStyle="dashed" rounded="md" p="4">
        {t('assignment.agent_loans_help')}
      </Text>
    );

  return (
    <TabLayout
      id="other"
      started={started}
      canWrite={canWrite}
      loans={
        <LoanPicker
          pick={effectivePick}
          onChange={onPick}
          modes={unarchive ? ['filter'] : ['selection', 'filter']}
          extraModes={extraModes}
          extraMode={mode}
          onExtraMode={setExtraMode}
          extraContent={extraContent}
          showTable={!unarchive}
          filterNote={unarchive ? t('assignment.archived_note') : undefined}
        />
      }
      asideTitle={t('assignment.other_title')}
      aside={
        <>
          <Field.Root>
            <Field.Label>{t('assignment.operation')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={operation} onChange={(e) => setOperation(e.currentTarget.value as OtherOperation)}>
                {OTHER_OPERATIONS.map((op) => (
                  <option key={op} value={op}>
                    {t(`loan_operations.type.${op}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {withAgent && (
            <>
              <AgentTypeSelect
                value={agentType}
                onChange={(type) => {
                  setAgentType(type);
                  setAgent([]);
                  setTarget([]);
                }}
              />
              <AgentPicker
                key={`from-${agentType}`}
                companyId={companyId}
                profession={AGENT_PROFESSION[agentType]}
                label={operation === 'move_loans' ? t('assignment.move_from') : t('assignment.deallocate_from')}
                value={agent}
                onChange={setAgent}
              />
              {operation === 'deallocate_loans' && from && (
                <Button size="xs" variant="ghost" alignSelf="start" onClick={() => setAgent([])}>
                  {t('assignment.any_agent')}
                </Button>
              )}
              {operation === 'move_loans' && (
                <AgentPicker key={`to-${agentType}`} companyId={companyId} profession={AGENT_PROFESSION[agentType]} label={t('assignment.move_to_agent')} value={target} onChange={setTarget} />
              )}
            </>
          )}
          {withTags && (
            <Field.Root invalid={badTags.length > 0} required>
              <Field.Label>{t('assignment.tags_label')}</Field.Label>
              <Textarea rows={2} value={tagText} onChange={(e) => setTagText(e.currentTarget.value)} placeholder={t('assignment.tags_placeholder')} />
              {badTags.length > 0 ? (
                <Field.ErrorText>{t('assignment.bad_tags', { tags: badTags.join(', ') })}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('assignment.tags_help')}</Field.HelperText>
              )}
            </Field.Root>
          )}
          <Text fontSize="sm" aria-live="polite" data-testid="other-summary" color={problem ? 'fg.muted' : undefined}>
            {problem ?? summary}
          </Text>
          <Button onClick={() => setConfirming(true)} disabled={problem !== null} colorPalette={operation === 'archive_loans' || operation === 'deallocate_loans' ? 'red' : undefined}>
            <Play aria-hidden /> {t(`assignment.run.${operation}`)}
          </Button>
        </>
      }
    >
      {confirming && (
        <ConfirmDialog
          title={t(`loan_operations.type.${operation}`)}
          summary={summary}
          confirmLabel={t('assignment.confirm')}
          busy={start.isPending}
          onConfirm={submit}
          onClose={() => setConfirming(false)}
        />
      )}
    </TabLayout>
  );
}
