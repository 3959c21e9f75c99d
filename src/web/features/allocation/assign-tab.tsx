/**
 * The assign tab of portfolio assignment (issue 5; spec 2 "tabs start on assign"): the loans
 * (ticked, every loan matching the filters, or an Excel/CSV of loan id → agent — "allocate loans
 * via excel", checked against spec 5 before upload), the field executive or telecalling agent they
 * go to, a confirmation, then POST /bulk/loan-operations (allocate_loans or
 * allocate_loans_via_excel) and the operation's progress until it ends.
 */
import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Upload, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyUser } from '../../../domain/contracts/users/company-users';
import { FILE_AGENT_HEADERS, FILE_LOAN_HEADERS, type AgentType } from '../../../domain/bulk/loan-operations';
import { IMPORT_MAX_FILE_MB } from '../../../domain/contracts/bulk/imports';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { MonthSelect } from '../portfolio/public';
import type { LoanOperationInput } from '../bulk/public';
import { AGENT_PROFESSION } from './api';
import { AgentPicker, AgentTypeSelect } from './agent-picker';
import { ConfirmDialog } from './confirm-dialog';
import { LoanPicker, usePickSummary } from './loan-picker';
import { TabLayout, useOperationStarter, type AssignmentTabProps } from './tab-layout';
import { checkAssignmentFile, loansSelector, pickedCount } from './selection';

const FILE_MODE = 'file';

export function AssignTab({ pick, onPick, canWrite }: AssignmentTabProps) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const { month, months, matching } = usePickSummary(pick);
  const [extraMode, setExtraMode] = useState<string | null>(null);
  const [agentType, setAgentType] = useState<AgentType>('fos');
  const [agent, setAgent] = useState<CompanyUser[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileAgentType, setFileAgentType] = useState<AgentType | ''>('');
  const { mutation: start, started, confirming, setConfirming, run } = useOperationStarter();

  const byFile = extraMode === FILE_MODE;
  const selector = loansSelector(pick);
  const count = pickedCount(pick, matching);
  const target = agent[0] ?? null;
  const ready = canWrite && month !== null && (byFile ? file !== null : selector !== null && target !== null && (count ?? 0) > 0);

  const pickFile = (picked: File | null) => {
    setFile(null);
    setFileError(null);
    if (!picked) return;
    const message = checkAssignmentFile(picked);
    if (message) {
      setFileError(message);
      toaster.create({ type: 'error', title: message });
      return;
    }
    setFile(picked);
  };

  const submit = () => {
    if (!ready || !month) return;
    let input: LoanOperationInput;
    if (byFile) input = { kind: 'file', file: file!, allocation_month: month, agent_type: fileAgentType || undefined };
    else input = { kind: 'json', body: { operation_type: 'allocate_loans', allocation_month: month, ...selector!, user_id: target!.user_id, agent_type: agentType } };
    run(input, () => {
      if (byFile) setFile(null);
      else onPick((p) => ({ ...p, selected: new Set() }));
    });
  };

  const fileForm = (
    <Stack gap="3" as="section" aria-labelledby="assign-file-title" borderWidth="1px" rounded="md" p="4" bg="bg">
      <Heading as="h3" size="sm" id="assign-file-title">
        {t('assignment.file_title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('assignment.file_columns', { loan: FILE_LOAN_HEADERS.slice(0, 3).join(', '), agent: FILE_AGENT_HEADERS.slice(0, 4).join(', ') })}
      </Text>
      <MonthSelect value={month} months={months} onChange={(m) => onPick((p) => ({ ...p, month: m, selected: new Set() }))} />
      <Field.Root invalid={fileError !== null} required>
        <Field.Label>{t('assignment.file_label')}</Field.Label>
        <Input type="file" size="sm" py="1" accept=".xlsx,.xls,.csv" onChange={(e) => pickFile(e.currentTarget.files?.[0] ?? null)} />
        {fileError ? <Field.ErrorText>{fileError}</Field.ErrorText> : <Field.HelperText>{t('assignment.file_help', { mb: IMPORT_MAX_FILE_MB })}</Field.HelperText>}
      </Field.Root>
      <AgentTypeSelect value={fileAgentType} onChange={setFileAgentType} label={t('assignment.file_agent_type')} autoLabel={t('assignment.agent_type_auto')} />
    </Stack>
  );

  const summary = byFile
    ? t('assignment.confirm_file', { name: file?.name ?? '', month })
    : t('assignment.confirm_assign', { count: count ?? 0, formatted: (count ?? 0).toLocaleString(), month, name: target?.name ?? '' });

  return (
    <TabLayout
      id="assign"
      started={started}
      canWrite={canWrite}
      loans={
        <LoanPicker
          pick={pick}
          onChange={onPick}
          extraModes={[{ value: FILE_MODE, label: t('assignment.mode.file') }]}
          extraMode={extraMode}
          onExtraMode={setExtraMode}
          extraContent={fileForm}
        />
      }
      asideTitle={t('assignment.assign_to')}
      aside={
        <>
          {byFile ? (
            <Text fontSize="sm" color="fg.muted">
              {t('assignment.file_agents')}
            </Text>
          ) : (
            <>
              <AgentTypeSelect
                value={agentType}
                onChange={(type) => {
                  setAgentType(type);
                  setAgent([]);
                }}
              />
              <AgentPicker
                key={agentType}
                companyId={companyId}
                profession={AGENT_PROFESSION[agentType]}
                label={t(`assignment.pick_agent.${agentType}`)}
                value={agent}
                onChange={setAgent}
              />
            </>
          )}
          <Text fontSize="sm" aria-live="polite" data-testid="assign-summary">
            {byFile
              ? file
                ? t('assignment.file_ready', { name: file.name })
                : t('assignment.file_missing')
              : target && count
                ? summary
                : t('assignment.assign_missing')}
          </Text>
          {!canWrite && (
            <Text fontSize="sm" color="fg.error">
              {t('assignment.read_only')}
            </Text>
          )}
          <Button onClick={() => setConfirming(true)} disabled={!ready}>
            {byFile ? <Upload aria-hidden /> : <UserCheck aria-hidden />}
            {byFile ? t('assignment.allocate_file') : t('assignment.assign_button', { count: count ?? 0, formatted: (count ?? 0).toLocaleString() })}
          </Button>
        </>
      }
    >
      {confirming && (
        <ConfirmDialog
          title={byFile ? t('assignment.confirm_file_title') : t('assignment.confirm_title')}
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
