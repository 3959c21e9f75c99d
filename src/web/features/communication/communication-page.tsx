/**
 * `/app/communication` (issue 13; spec 2): the company's message templates (list, editor with
 * preview and DLT fields) and campaigns (a template to a set of loans, with progress and blocked
 * messages counted by reason). Each tab shows when the caller's permissions open it.
 */
import { Badge, Button, Flex, Heading, IconButton, Stack, Table, Tabs, Text, VisuallyHidden } from '@chakra-ui/react';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listCampaigns, startCampaign } from '../../../domain/contracts/communication/campaigns';
import { listChats } from '../../../domain/contracts/communication/chat';
import { createTemplate, listTemplates, type TemplateRecord } from '../../../domain/contracts/communication/templates';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { companyInput, useDeleteTemplate, useTemplates } from './api';
import { ChatsPanel } from './chats-panel';
import { CampaignsPanel } from './campaigns-panel';
import { TemplateEditor } from './template-editor';

type Tab = 'templates' | 'campaigns' | 'chats';

function TemplatesPanel({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const templates = useTemplates(companyId);
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<TemplateRecord | 'new' | null>(null);

  if (editing) return <TemplateEditor key={editing === 'new' ? 'new' : editing.template_id} companyId={companyId} template={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  return (
    <Stack gap="4" minW="0">
      {canWrite && (
        <div>
          <Button onClick={() => setEditing('new')} data-testid="new-template">
            {t('communication.new_template')}
          </Button>
        </div>
      )}
      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => templates.refetch()} />
      ) : templates.data.templates.length === 0 ? (
        <EmptyState>{t('communication.no_templates')}</EmptyState>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('communication.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.channel')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('communication.language')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('communication.body')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('communication.dlt_template_id')}</Table.ColumnHeader>
                {canWrite && (
                  <Table.ColumnHeader>
                    <VisuallyHidden>{t('communication.actions')}</VisuallyHidden>
                  </Table.ColumnHeader>
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {templates.data.templates.map((tpl) => (
                <Table.Row key={tpl.template_id}>
                  <Table.Cell fontWeight="medium">{tpl.name}</Table.Cell>
                  <Table.Cell>
                    <Badge variant="outline">{t(`communication.channel_${tpl.channel}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell>{t(`communication.language_${tpl.language}`)}</Table.Cell>
                  <Table.Cell maxW="md" minW="48" hideBelow="md">
                    <Text lineClamp={2} wordBreak="break-word">
                      {tpl.body}
                    </Text>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{tpl.dlt?.dlt_template_id ?? '—'}</Table.Cell>
                  {canWrite && (
                    <Table.Cell>
                      <Flex gap="1">
                        <IconButton size="xs" variant="ghost" aria-label={t('communication.edit', { name: tpl.name })} onClick={() => setEditing(tpl)}>
                          <Pencil />
                        </IconButton>
                        <IconButton size="xs" variant="ghost" aria-label={t('communication.delete', { name: tpl.name })} loading={remove.isPending} onClick={() => remove.mutate({ ...companyInput(companyId), params: { template_id: tpl.template_id } })}>
                          <Trash2 />
                        </IconButton>
                      </Flex>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

export default function CommunicationPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const tabs: Tab[] = [
    ...(can(listTemplates, permissions) ? (['templates'] as const) : []),
    ...(can(listCampaigns, permissions) ? (['campaigns'] as const) : []),
    ...(can(listChats, permissions) ? (['chats'] as const) : []),
  ];
  const [tab, setTab] = useState<Tab>(tabs[0] ?? 'templates');
  return (
    <Stack gap="5" maxW="6xl" minW="0">
      <Heading as="h1" size="xl">
        {t('menu.communication')}
      </Heading>
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as Tab)} variant="line" lazyMount unmountOnExit minW="0">
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`communication.tab.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="templates">
          <TemplatesPanel companyId={companyId} canWrite={can(createTemplate, permissions)} />
        </Tabs.Content>
        <Tabs.Content value="campaigns">
          <CampaignsPanel companyId={companyId} canWrite={can(startCampaign, permissions)} />
        </Tabs.Content>
        <Tabs.Content value="chats">
          <ChatsPanel companyId={companyId} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
