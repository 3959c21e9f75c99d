/**
 * Campaigns (issue 13; spec 2 bulk tab "digital communication"): start one (a template and loan
 * ids), and follow each one's progress (in_process, completed, failed), its sent, blocked and failed
 * counts and the blocked ones by reason. The list polls while a campaign runs.
 */
import { Alert, Badge, Button, Field, Flex, Input, NativeSelect, Progress, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../domain/common/dates';
import { errorMessage } from '../../lib/api';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { companyInput, saveCampaignErrors, useCampaigns, useStartCampaign, useTemplates } from './api';

const STATUS_PALETTE = { in_process: 'blue', completed: 'green', failed: 'red' } as const;

export function CampaignsPanel({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const campaigns = useCampaigns(companyId);
  const templates = useTemplates(companyId);
  const start = useStartCampaign();
  const [name, setName] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [ids, setIds] = useState('');
  const loanIds = [...new Set(ids.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !templateId || loanIds.length === 0) return;
    start.mutate({ ...companyInput(companyId), body: { name: name.trim(), template_id: templateId, loan_ids: loanIds } }, { onSuccess: () => (setName(''), setIds('')) });
  };

  return (
    <Stack gap="4" minW="0">
      {canWrite && (
        <Stack as="form" onSubmit={submit} gap="3" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }} aria-label={t('communication.new_campaign')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Field.Root required>
              <Field.Label>{t('communication.campaign_name')}</Field.Label>
              <Input value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('communication.template')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={templateId} onChange={(e) => setTemplateId(e.currentTarget.value)} placeholder={t('communication.choose_template')}>
                  {(templates.data?.templates ?? []).map((tpl) => (
                    <option key={tpl.template_id} value={tpl.template_id}>
                      {`${tpl.name} · ${t(`communication.channel_${tpl.channel}`)} · ${tpl.language}`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </SimpleGrid>
          <Field.Root required>
            <Field.Label>{t('communication.loan_ids')}</Field.Label>
            <Textarea value={ids} rows={3} onChange={(e) => setIds(e.currentTarget.value)} />
            <Field.HelperText>{t('communication.loan_ids_help', { count: loanIds.length })}</Field.HelperText>
          </Field.Root>
          {start.isError && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(start.error)}</Alert.Title>
            </Alert.Root>
          )}
          <div>
            <Button type="submit" loading={start.isPending} disabled={!name.trim() || !templateId || loanIds.length === 0}>
              {t('communication.start_campaign')}
            </Button>
          </div>
        </Stack>
      )}
      {campaigns.isPending ? (
        <LoadingState />
      ) : campaigns.isError ? (
        <ErrorState error={campaigns.error} onRetry={() => campaigns.refetch()} />
      ) : campaigns.data.campaigns.length === 0 ? (
        <EmptyState>{t('communication.no_campaigns')}</EmptyState>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('communication.campaign_name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.template')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.status_label')}</Table.ColumnHeader>
                <Table.ColumnHeader minW="40">{t('communication.progress')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.counts')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.created')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {campaigns.data.campaigns.map((c) => (
                <Table.Row key={c.campaign_id} data-testid="campaign-row">
                  <Table.Cell fontWeight="medium">{c.name}</Table.Cell>
                  <Table.Cell>{c.template_name}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_PALETTE[c.status]} data-testid="campaign-status">
                      {t(`communication.campaign_status.${c.status}`)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>
                    <Progress.Root value={c.total ? Math.round((c.processed / c.total) * 100) : 0} size="sm" aria-label={t('communication.progress')}>
                      <Progress.Track>
                        <Progress.Range />
                      </Progress.Track>
                    </Progress.Root>
                    <Text fontSize="xs" mt="1">
                      {t('communication.processed', { processed: c.processed, total: c.total })}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Text fontSize="sm">{t('communication.counts_line', { sent: c.sent, blocked: c.blocked, failed: c.failed })}</Text>
                    {Object.entries(c.blocked_by_reason).map(([code, n]) => (
                      <Flex key={code} fontSize="xs" color="fg.muted" gap="1">
                        <span>{t(`communication.reason.${code}`, { defaultValue: code })}:</span>
                        <span>{n}</span>
                      </Flex>
                    ))}
                    {c.blocked + c.failed > 0 && c.status !== 'in_process' && (
                      <Button size="xs" variant="outline" mt="1" onClick={() => void saveCampaignErrors(companyId, c.campaign_id)}>
                        {t('communication.error_file')}
                      </Button>
                    )}
                  </Table.Cell>
                  <Table.Cell>{formatDate(c.created_at, { withTime: true })}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
