/** The do-not-disturb list: search, add and remove numbers, upload a CSV (spec 4 "DND upload": in_process, completed). */
import { Alert, Badge, Button, Field, Flex, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDnd } from '../../../domain/contracts/compliance/dnd';
import { formatDate } from '../../../domain/common/dates';
import { errorMessage } from '../../lib/api';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { companyInput, useAddDnd, useDnd, useDndUploads, useRemoveDnd, useUploadDnd } from './api';

function Uploads({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const uploads = useDndUploads(companyId);
  if (uploads.isPending || uploads.isError || uploads.data.uploads.length === 0) return null;
  return (
    <Stack gap="1">
      {uploads.data.uploads.slice(0, 5).map((u) => (
        <Text key={u.upload_id} fontSize="sm">
          <Badge colorPalette={u.status === 'completed' ? 'green' : 'orange'} me="2">
            {u.status}
          </Badge>
          {t('compliance.upload_counts', { file: u.file_name, added: u.added, duplicates: u.duplicates, invalid: u.invalid })}
        </Text>
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
    upload.mutate({ ...companyInput(companyId), form }, { onSuccess: (u) => toaster.create({ type: 'success', title: t('compliance.upload_done', { added: u.added }) }) });
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
