/**
 * The company's DLT registry (issue 13, TRAI TCCCPR): the templates registered on the operator's
 * DLT platform — content template id, principal entity id, sender header (≤ 6), category, body
 * with {#var#} — that an SMS must match exactly. Register and remove them; readers see the list.
 */
import { Badge, Button, Field, Flex, IconButton, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DLT_CATEGORIES, DLT_HEADER_MAX, type DltCategory } from '../../../domain/compliance/dlt';
import { formatDate } from '../../../domain/common/dates';
import { companyInput, useAddDltTemplate, useDltTemplates, useRemoveDltTemplate } from './api';
import { ListBody, WriteError } from './panel-parts';
import { ChoiceField } from '../../components/choice-field';

const EMPTY = { template_id: '', entity_id: '', sender_header: '', category: 'service_explicit' as DltCategory, body: '' };

export function DltPanel({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const list = useDltTemplates(companyId);
  const add = useAddDltTemplate();
  const remove = useRemoveDltTemplate();
  const [form, setForm] = useState(EMPTY);
  const set = (key: keyof typeof EMPTY) => (e: { currentTarget: { value: string } }) => setForm({ ...form, [key]: e.currentTarget.value });
  const ready = form.template_id && form.entity_id && form.sender_header && form.body.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    add.mutate({ ...companyInput(companyId), body: { ...form, body: form.body.trim() } }, { onSuccess: () => setForm(EMPTY) });
  };

  return (
    <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
      <Text fontSize="sm" color="fg.muted">
        {t('compliance.dlt_registry_help')}
      </Text>
      <WriteError errors={[add.error, remove.error]} />
      {canWrite && (
        <form onSubmit={submit} aria-label={t('compliance.dlt_register')}>
          <Stack gap="3">
            <Flex gap="3" wrap="wrap">
              <Field.Root w={{ base: 'full', md: '56' }} required>
                <Field.Label>{t('compliance.dlt_template_id')}</Field.Label>
                <Input inputMode="numeric" value={form.template_id} maxLength={30} onChange={set('template_id')} />
              </Field.Root>
              <Field.Root w={{ base: 'full', md: '48' }} required>
                <Field.Label>{t('compliance.dlt_entity_id')}</Field.Label>
                <Input inputMode="numeric" value={form.entity_id} maxLength={30} onChange={set('entity_id')} />
              </Field.Root>
              <Field.Root w={{ base: 'full', md: '32' }} required>
                <Field.Label>{t('compliance.dlt_header')}</Field.Label>
                <Input value={form.sender_header} maxLength={DLT_HEADER_MAX} onChange={set('sender_header')} />
              </Field.Root>
              <ChoiceField
                label={t('compliance.dlt_category')}
                value={form.category}
                choices={DLT_CATEGORIES}
                choiceLabel={(c) => t(`compliance.dlt_category_${c}`)}
                onChange={(category) => setForm({ ...form, category })}
                rootProps={{ w: { base: 'full', md: '48' } }}
              />
            </Flex>
            <Field.Root required>
              <Field.Label>{t('compliance.dlt_body')}</Field.Label>
              <Textarea value={form.body} rows={3} maxLength={2000} onChange={set('body')} placeholder="Dear {#var#}, {#var#} is due on loan {#var#}. - RCVOPS" />
              <Field.HelperText>{t('compliance.dlt_body_help')}</Field.HelperText>
            </Field.Root>
            <Button type="submit" alignSelf="start" loading={add.isPending} disabled={!ready}>
              {t('compliance.dlt_register')}
            </Button>
          </Stack>
        </form>
      )}
      <ListBody query={list} count={(d) => d.templates.length} empty={t('compliance.dlt_none')}>
        {(data) => (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('compliance.dlt_template_id')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('compliance.dlt_entity_id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('compliance.dlt_header')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('compliance.dlt_category')}</Table.ColumnHeader>
                <Table.ColumnHeader minW="56">{t('compliance.dlt_body')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('compliance.dlt_added')}</Table.ColumnHeader>
                {canWrite && <Table.ColumnHeader />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.templates.map((d) => (
                <Table.Row key={d.template_id} data-testid="dlt-template">
                  <Table.Cell fontFamily="mono">{d.template_id}</Table.Cell>
                  <Table.Cell hideBelow="md" fontFamily="mono">
                    {d.entity_id}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge>{d.sender_header}</Badge>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{t(`compliance.dlt_category_${d.category}`)}</Table.Cell>
                  <Table.Cell whiteSpace="pre-wrap">{d.body}</Table.Cell>
                  <Table.Cell hideBelow="md">{formatDate(d.created_at.slice(0, 10))}</Table.Cell>
                  {canWrite && (
                    <Table.Cell textAlign="end">
                      <IconButton size="xs" variant="ghost" aria-label={t('compliance.dlt_remove', { id: d.template_id })} onClick={() => remove.mutate({ params: { template_id: d.template_id }, ...companyInput(companyId) })}>
                        <Trash2 />
                      </IconButton>
                    </Table.Cell>
                  )}
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
