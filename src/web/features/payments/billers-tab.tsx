/**
 * Biller management (spec 2 "biller management"; issue 15): the company's billers (name, biller
 * code, category, active 'true'/'false'), a form that adds one or edits the one picked, and
 * deactivate / activate per row. A biller's name follows the payment-setting text rule (spec 5).
 */
import { Alert, Badge, Button, Field, Flex, Heading, Input, NativeSelect, Stack, Table } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLER_CATEGORIES, type BillerCategory, type BillerRecord } from '../../../domain/contracts/payments/settings-sections';
import { settingTextProblem } from '../../../domain/payments/settings-sections';
import { ApiError } from '../../lib/api-errors';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { DeskTable, EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { companyInput } from './api';
import { useBillers, useSaveBiller } from './settings-api';

const EMPTY = { name: '', biller_code: '', category: 'loan_repayment' as BillerCategory };

function BillerForm({ companyId, editing, onDone }: { companyId: string | null; editing: BillerRecord | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useSaveBiller();
  const [draft, setDraft] = useState(editing ? { name: editing.name, biller_code: editing.biller_code, category: editing.category } : EMPTY);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const mutation = editing ? update : create;
  const serverField = mutation.error instanceof ApiError ? mutation.error.failure.field : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = settingTextProblem(draft.name);
    setNameProblem(problem);
    if (problem) return;
    const done = {
      onSuccess: () => {
        toaster.create({ type: 'success', title: t('payment_settings.biller_saved') });
        setDraft(EMPTY);
        onDone();
      },
    };
    if (editing) update.mutate({ ...companyInput(companyId), params: { biller_id: editing.biller_id }, body: { ...draft, is_active: editing.is_active } }, done);
    else create.mutate({ ...companyInput(companyId), body: draft }, done);
  };
  const nameError = nameProblem ?? (serverField === 'name' ? errorMessage(mutation.error) : null);

  return (
    <form onSubmit={submit} aria-labelledby="biller-form-title" noValidate>
      <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md" id="biller-form-title">
          {editing ? t('payment_settings.edit_biller', { name: editing.name }) : t('payment_settings.add_biller')}
        </Heading>
        {mutation.error && serverField !== 'name' && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(mutation.error)}</Alert.Title>
          </Alert.Root>
        )}
        <Flex gap="4" wrap="wrap" align="start">
          <Field.Root w={{ base: 'full', md: '72' }} required invalid={Boolean(nameError)}>
            <Field.Label>{t('payment_settings.biller.name')}</Field.Label>
            <Input name="biller_name" value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
            <Field.ErrorText>{nameError}</Field.ErrorText>
          </Field.Root>
          <Field.Root w={{ base: 'full', md: '56' }} required>
            <Field.Label>{t('payment_settings.biller.biller_code')}</Field.Label>
            <Input name="biller_code" value={draft.biller_code} maxLength={40} autoComplete="off" onChange={(e) => setDraft({ ...draft, biller_code: e.currentTarget.value })} />
          </Field.Root>
          <Field.Root w={{ base: 'full', md: '56' }}>
            <Field.Label>{t('payment_settings.biller.category')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.currentTarget.value as BillerCategory })}>
                {BILLER_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`payment_settings.category.${c}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Flex>
        <Flex gap="3">
          <Button type="submit" loading={mutation.isPending} disabled={!draft.name.trim() || !draft.biller_code.trim()}>
            {editing ? t('payment_settings.save') : t('payment_settings.add_biller')}
          </Button>
          {editing && (
            <Button variant="outline" onClick={onDone}>
              {t('payment_settings.cancel')}
            </Button>
          )}
        </Flex>
      </Stack>
    </form>
  );
}

export function BillersTab({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const billers = useBillers(companyId);
  const { update } = useSaveBiller();
  const [editing, setEditing] = useState<BillerRecord | null>(null);
  const toggle = (b: BillerRecord) =>
    update.mutate(
      { ...companyInput(companyId), params: { biller_id: b.biller_id }, body: { name: b.name, biller_code: b.biller_code, category: b.category, is_active: b.is_active === 'true' ? 'false' : 'true' } },
      { onSuccess: () => toaster.create({ type: 'success', title: t('payment_settings.biller_saved') }), onError: (e) => toaster.create({ type: 'error', title: errorMessage(e) }) },
    );
  return (
    <Stack gap="4">
      {billers.isPending ? (
        <LoadingState />
      ) : billers.isError ? (
        <ErrorState error={billers.error} onRetry={() => void billers.refetch()} />
      ) : billers.data.billers.length === 0 ? (
        <EmptyState>{t('payment_settings.no_billers')}</EmptyState>
      ) : (
        <DeskTable label={t('payment_settings.billers')} columns={[t('payment_settings.biller.name'), t('payment_settings.biller.biller_code'), t('payment_settings.biller.category'), t('payment_settings.biller.status'), '']}>
          {billers.data.billers.map((b) => (
            <Table.Row key={b.biller_id}>
              <Table.Cell>{b.name}</Table.Cell>
              <Table.Cell fontFamily="mono">{b.biller_code}</Table.Cell>
              <Table.Cell>{t(`payment_settings.category.${b.category}`)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={b.is_active === 'true' ? 'green' : 'gray'}>{t(b.is_active === 'true' ? 'payment_settings.active' : 'payment_settings.inactive')}</Badge>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap">
                {canWrite && (
                  <Flex gap="2" justify="end">
                    <Button size="xs" variant="outline" onClick={() => setEditing(b)} aria-label={t('payment_settings.edit_biller', { name: b.name })}>
                      {t('payment_settings.edit')}
                    </Button>
                    <Button size="xs" variant="ghost" onClick={() => toggle(b)} loading={update.isPending && update.variables?.params?.biller_id === b.biller_id}>
                      {t(b.is_active === 'true' ? 'payment_settings.deactivate' : 'payment_settings.activate')}
                    </Button>
                  </Flex>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </DeskTable>
      )}
      {canWrite && <BillerForm key={editing?.biller_id ?? 'new'} companyId={companyId} editing={editing} onDone={() => setEditing(null)} />}
    </Stack>
  );
}
