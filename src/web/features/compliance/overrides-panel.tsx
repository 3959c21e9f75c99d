/**
 * Overrides (issue 13 "An override … needs a reason and is audited"): a supervisor allows one
 * contact of a loan on a channel outside a rule until the end of the borrower's day; the list
 * shows who granted each, why, until when, and whether it was used.
 */
import { Badge, Button, Field, Flex, Input, Stack, Table, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_CHANNELS, type ContactChannel } from '../../../domain/compliance/rules';
import { toaster } from '../../lib/toaster';
import { companyInput, useGrantOverride, useOverrides } from './api';
import { ListBody, WriteError } from './panel-parts';
import { ChoiceField } from '../../components/choice-field';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function OverridesPanel({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const list = useOverrides(companyId);
  const grant = useGrantOverride();
  const [loanId, setLoanId] = useState('');
  const [channel, setChannel] = useState<ContactChannel>('call');
  const [reason, setReason] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!loanId.trim() || reason.trim().length < 5) return;
    grant.mutate(
      { ...companyInput(companyId), body: { loan_id: loanId.trim(), channel, reason: reason.trim() } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('compliance.override_granted', { loan: loanId.trim() }) });
          setLoanId('');
          setReason('');
        },
      },
    );
  };

  return (
    <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
      <WriteError errors={[grant.error]} />
      {canWrite && (
        <form onSubmit={submit} aria-label={t('compliance.override_grant')}>
          <Stack gap="3">
            <Flex gap="3" wrap="wrap">
              <Field.Root w={{ base: 'full', md: '48' }} required>
                <Field.Label>{t('compliance.loan_id')}</Field.Label>
                <Input value={loanId} maxLength={100} onChange={(e) => setLoanId(e.currentTarget.value)} />
              </Field.Root>
              <ChoiceField
                label={t('compliance.channel')}
                value={channel}
                choices={CONTACT_CHANNELS}
                choiceLabel={(c) => t(`compliance.channel_${c}`)}
                onChange={setChannel}
                rootProps={{ w: { base: 'full', md: '44' } }}
              />
            </Flex>
            <Field.Root required invalid={reason.length > 0 && reason.trim().length < 5}>
              <Field.Label>{t('compliance.override_reason')}</Field.Label>
              <Textarea value={reason} rows={2} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)} />
              <Field.HelperText>{t('compliance.override_help')}</Field.HelperText>
            </Field.Root>
            <Button type="submit" alignSelf="start" loading={grant.isPending} disabled={!loanId.trim() || reason.trim().length < 5}>
              {t('compliance.override_grant')}
            </Button>
          </Stack>
        </form>
      )}
      <ListBody query={list} count={(d) => d.overrides.length} empty={t('compliance.override_none')}>
        {(data) => (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('compliance.loan_id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('compliance.channel')}</Table.ColumnHeader>
                <Table.ColumnHeader minW="48">{t('compliance.override_reason')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('compliance.override_by')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('compliance.override_until')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('compliance.override_state')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.overrides.map((o) => (
                <Table.Row key={o.override_id} data-testid="override">
                  <Table.Cell>{o.loan_id}</Table.Cell>
                  <Table.Cell>{t(`compliance.channel_${o.channel}`)}</Table.Cell>
                  <Table.Cell whiteSpace="pre-wrap">{o.reason}</Table.Cell>
                  <Table.Cell hideBelow="md">{o.granted_by_name ?? o.granted_by}</Table.Cell>
                  <Table.Cell hideBelow="md">{when(o.expires_at)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={o.used_at ? 'gray' : 'orange'}>{o.used_at ? t('compliance.override_used') : t('compliance.override_open')}</Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        )}
      </ListBody>
    </Stack>
  );
}
