/**
 * The company's notice templates (issue 17): every version of each kind with its status (draft or
 * approved, by whom and when), Approve for a draft, and a form writing a new draft version of a
 * kind, started from its newest text. Approval is a status on the template: the approvals area
 * (spec "Approval Service") does not exist yet.
 */
import { Badge, Box, Button, Field, Heading, Input, NativeSelect, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTICE_KINDS, NOTICE_LANGUAGES, type NoticeKind, type NoticeLanguage, type TemplateRecord } from '../../../domain/contracts/legal/notices';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { FormError } from '../../components/form-dialog';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toaster } from '../../lib/toaster';
import { useApproveTemplate, useCreateTemplate, useTemplates } from './api';

function NewVersion({ companyId, templates }: { companyId: string | null; templates: readonly TemplateRecord[] }) {
  const { t } = useTranslation();
  const create = useCreateTemplate();
  const newest = (kind: NoticeKind) => templates.find((x) => x.kind === kind);
  const [kind, setKind] = useState<NoticeKind>('loan_recall');
  const [name, setName] = useState(() => newest('loan_recall')?.name ?? '');
  const [bodies, setBodies] = useState<Partial<Record<NoticeLanguage, string>>>(() => newest('loan_recall')?.bodies ?? {});
  const pick = (k: NoticeKind) => {
    setKind(k);
    setName(newest(k)?.name ?? '');
    setBodies(newest(k)?.bodies ?? {});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const filled = Object.fromEntries(Object.entries(bodies).filter(([, v]) => v && v.trim()));
    create.mutate({ query: { company_id: companyId ?? undefined }, body: { kind, name: name.trim(), bodies: filled } }, { onSuccess: () => toaster.create({ type: 'success', title: t('legal.template_saved') }) });
  };
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4">
      <form onSubmit={submit} noValidate aria-label={t('legal.new_version')}>
        <Stack gap="3">
          <Heading as="h2" size="sm">
            {t('legal.new_version')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Field.Root>
              <Field.Label>{t('legal.kind_label')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={kind} onChange={(e) => pick(e.currentTarget.value as NoticeKind)}>
                  {NOTICE_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`legal.kind.${k}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('legal.template_name')}</Field.Label>
              <Input size="sm" value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
            </Field.Root>
          </SimpleGrid>
          {NOTICE_LANGUAGES.map((l) => (
            <Field.Root key={l}>
              <Field.Label>{t(`legal.lang.${l}`)}</Field.Label>
              <Textarea size="sm" rows={6} lang={l} value={bodies[l] ?? ''} onChange={(e) => setBodies({ ...bodies, [l]: e.currentTarget.value })} />
            </Field.Root>
          ))}
          <Text fontSize="xs" color="fg.muted">
            {t('legal.placeholders_help', { a: '{{applicant_name}}', b: '{{total_claim_amount}}', c: '{{pay_by}}' })}
          </Text>
          <FormError error={create.error} />
          <div>
            <Button size="sm" type="submit" loading={create.isPending} disabled={!name.trim()}>
              {t('legal.save_draft')}
            </Button>
          </div>
        </Stack>
      </form>
    </Box>
  );
}

export function TemplatesPanel({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const templates = useTemplates(companyId);
  const approve = useApproveTemplate();
  if (templates.isPending) return <LoadingState />;
  if (templates.isError) return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  const list = templates.data.templates;
  return (
    <Stack gap="4">
      {list.length === 0 ? (
        <EmptyState>{t('legal.no_templates')}</EmptyState>
      ) : (
        <Box bg="bg" borderWidth="1px" rounded="md">
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('legal.template')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legal.language')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legal.status_label')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legal.approved_by')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((tpl) => (
                  <Table.Row key={tpl.template_id} data-testid="template-row">
                    <Table.Cell>
                      {t(`legal.kind.${tpl.kind}`)} · v{tpl.version}
                      <Text fontSize="xs" color="fg.muted">
                        {tpl.name}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{tpl.languages.map((l) => t(`legal.lang.${l}`)).join(', ')}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={tpl.status === 'approved' ? 'green' : 'gray'}>{t(`legal.template_status.${tpl.status}`)}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {tpl.status === 'approved' ? (
                        <Text fontSize="sm">{tpl.approved_by_name ? `${tpl.approved_by_name} · ${formatDateTime(tpl.approved_at)}` : t('legal.built_in')}</Text>
                      ) : canWrite ? (
                        <Button
                          size="xs"
                          loading={approve.isPending && approve.variables?.params?.template_id === tpl.template_id}
                          onClick={() =>
                            approve.mutate(
                              { params: { template_id: tpl.template_id }, query: { company_id: companyId ?? undefined } },
                              { onSuccess: () => toaster.create({ type: 'success', title: t('legal.template_approved') }), onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) },
                            )
                          }
                          aria-label={t('legal.approve_named', { name: `${t(`legal.kind.${tpl.kind}`)} v${tpl.version}` })}
                        >
                          {t('legal.approve')}
                        </Button>
                      ) : (
                        '—'
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Box>
      )}
      {canWrite && <NewVersion companyId={companyId} templates={list} />}
    </Stack>
  );
}
