/** The do-not-disturb list: search, add and remove numbers, upload a CSV (spec 4 "DND upload": in_process, completed). */
import { Alert, Badge, Button, Field, Flex, IconButton, Input, Progress, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDnd, listDnd } from '../../../domain/contracts/compliance/dnd';
import { formatDate } from '../../../domain/common/dates';
import { errorMessage } from '../../lib/api';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { companyInput, downloadDndErrors, useAddDnd, useDnd, useDndUploads, useRemoveDnd, useUploadDnd } from './api';

function Uploads({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const uploads = useDndUploads(companyId);
  const running = uploads.data?.uploads.filter((u) => u.status === 'in_process').length ?? 0;
  const [saving, setSaving] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // When the last running upload completes, the list shows its numbers.
  useEffect(() => {
    if (running === 0) void client.invalidateQueries({ queryKey: [listDnd.operation] });
  }, [running, client]);
  if (uploads.isPending || uploads.isError || uploads.data.uploads.length === 0) return null;
  const save = (uploadId: string) => {
    setSaving(uploadId);
    setFailed(null);
    downloadDndErrors(companyId, uploadId)
      .catch((err: unknown) => setFailed(errorMessage(err)))
      .finally(() => setSaving(null));
  };
  return (
    <Stack gap="2" aria-label={t('compliance.uploads')} role="region">
      {failed && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{failed}</Alert.Title>
        </Alert.Root>
      )}
      {uploads.data.uploads.slice(0, 5).map((u) => (
        <Stack key={u.upload_id} gap="1" data-testid="dnd-upload">
          <Flex gap="2" align="center" wrap="wrap" fontSize="sm">
            <Badge colorPalette={u.status === 'completed' ? 'green' : 'orange'}>{u.status}</Badge>
            <Text>{t('compliance.upload_counts', { file: u.file_name, added: u.added, duplicates: u.duplicates, invalid: u.invalid })}</Text>
            {u.status === 'completed' && u.invalid > 0 && (
              <Button size="xs" variant="outline" loading={saving === u.upload_id} onClick={() => save(u.upload_id)}>
                {t('compliance.error_file')}
              </Button>
            )}
          </Flex>
          {u.status === 'in_process' && (
            <Progress.Root value={u.total_rows ? Math.round((u.processed / u.total_rows) * 100) : 0} size="sm" maxW="sm" aria-label={t('compliance.upload_progress', { processed: u.processed, total: u.total_rows })}>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
              <Progress.ValueText fontSize="xs">{t('compliance.upload_progress', { processed: u.processed, total: u.total_rows })}</Progress.ValueText>
            </Progress.Root>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

export function DndPanel({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const { permissions } = useShell();
  const canWrite = can(addDnd, permissions);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const list = useDnd(companyId, page, search);
  const add = useAddDnd();
  const remove = useRemoveDnd();
  const upload = useUploadDnd();
  const [number, setNumber] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const error = add.error ?? remove.error ?? upload.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!number.trim()) return;
    add.mutate({ ...companyInput(companyId), body: { number: number.trim() } }, { onSuccess: () => setNumber('') });
  };
  const send = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    upload.mutate({ ...companyInput(companyId), form }, { onSuccess: (u) => toaster.create({ type: 'success', title: t('compliance.upload_queued', { file: u.file_name }) }) });
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error)}</Alert.Title>
        </Alert.Root>
      )}
      {canWrite && (
        <Flex gap="3" align="end" wrap="wrap">
          <form onSubmit={submit} style={{ display: 'contents' }}>
            <Field.Root w="56">
              <Field.Label>{t('compliance.dnd_number')}</Field.Label>
              <Input value={number} inputMode="tel" maxLength={40} onChange={(e) => setNumber(e.currentTarget.value)} />
            </Field.Root>
            <Button type="submit" loading={add.isPending} disabled={!number.trim()}>
              {t('compliance.add_number')}
            </Button>
          </form>
          <input ref={fileRef} type="file" accept=".csv,text/csv" hidden onChange={(e) => send(e.currentTarget.files?.[0])} data-testid="dnd-file" />
          <Button variant="outline" loading={upload.isPending} onClick={() => fileRef.current?.click()}>
            {t('compliance.upload_csv')}
          </Button>
        </Flex>
      )}
      <Uploads companyId={companyId} />
      <Field.Root w="64">
        <Field.Label>{t('compliance.search_number')}</Field.Label>
        <Input value={search} inputMode="numeric" maxLength={40} onChange={(e) => (setSearch(e.currentTarget.value), setPage(1))} />
      </Field.Root>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.numbers.length === 0 ? (
        <EmptyState>{t('compliance.no_numbers')}</EmptyState>
      ) : (
        <>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('compliance.dnd_number')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('compliance.source')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('compliance.added_on')}</Table.ColumnHeader>
                {canWrite && <Table.ColumnHeader />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.numbers.map((n) => (
                <Table.Row key={n.dnd_id}>
                  <Table.Cell>{n.number}</Table.Cell>
                  <Table.Cell>{t(`compliance.source_${n.source}`)}</Table.Cell>
                  <Table.Cell>{formatDate(n.created_at)}</Table.Cell>
                  {canWrite && (
                    <Table.Cell textAlign="end">
                      <IconButton size="xs" variant="ghost" aria-label={t('compliance.remove_number', { number: n.number })} onClick={() => remove.mutate({ params: { dnd_id: n.dnd_id }, ...companyInput(companyId) })}>
                        <Trash2 />
                      </IconButton>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          <Flex gap="3" align="center">
            <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('compliance.previous')}
            </Button>
            <Text fontSize="sm">{t('compliance.page_of', { page, total: list.data.total })}</Text>
            <Button size="sm" variant="outline" disabled={page * list.data.page_size >= list.data.total} onClick={() => setPage(page + 1)}>
              {t('compliance.next')}
            </Button>
          </Flex>
        </>
      )}
    </Stack>
  );
}
