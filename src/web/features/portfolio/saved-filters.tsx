/**
 * Saved filters of the loans list (spec 3 "Saved filter": filter_id, filter_name, filters; spec 7
 * recovery `/saved/filters`): pick one to apply it, save the applied filters under a name, rename
 * or delete the picked one.
 */
import { Button, Dialog, Field, HStack, Input, NativeSelect, Portal, Text } from '@chakra-ui/react';
import { Pencil, Save, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import { createSavedFilter } from '../../../domain/contracts/portfolio/saved-filters';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { useChangeSavedFilter, useSavedFilters, type SavedFilterChange } from './api';

type Dialogue = { kind: 'save' } | { kind: 'rename' } | { kind: 'delete' } | null;

export function SavedFilters({ filters, onApply }: { filters: LoanFilter[]; onApply: (filters: LoanFilter[]) => void }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const canWrite = can(createSavedFilter, permissions);
  const saved = useSavedFilters(companyId);
  const change = useChangeSavedFilter(companyId);
  const [selectedId, setSelectedId] = useState('');
  const [dialogue, setDialogue] = useState<Dialogue>(null);
  const [name, setName] = useState('');
  const list = saved.data?.saved_filters ?? [];
  const selected = list.find((f) => f.filter_id === selectedId) ?? null;

  const pick = (id: string) => {
    setSelectedId(id);
    const chosen = list.find((f) => f.filter_id === id);
    if (chosen) onApply(chosen.filters);
  };
  const open = (kind: 'save' | 'rename' | 'delete') => {
    setName(kind === 'rename' ? (selected?.filter_name ?? '') : '');
    setDialogue({ kind });
  };
  const run = (request: SavedFilterChange, done: string) =>
    change.mutate(request, {
      onSuccess: (answer) => {
        toaster.create({ type: 'success', title: done });
        if (request.kind === 'delete') setSelectedId('');
        if (request.kind === 'create' && answer && typeof answer === 'object' && 'filter_id' in answer) setSelectedId(String(answer.filter_id));
        setDialogue(null);
      },
      onError: (error) => toaster.create({ type: 'error', title: errorMessage(error) }),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (dialogue?.kind === 'delete' && selected) run({ kind: 'delete', filter_id: selected.filter_id }, t('loans.saved_filter_deleted'));
    else if (!trimmed) return;
    else if (dialogue?.kind === 'rename' && selected) run({ kind: 'rename', filter_id: selected.filter_id, filter_name: trimmed }, t('loans.saved_filter_renamed'));
    else if (dialogue?.kind === 'save') run({ kind: 'create', filter_name: trimmed, filters }, t('loans.saved_filter_saved'));
  };

  let title = t('loans.save_filter');
  if (dialogue?.kind === 'rename') title = t('loans.rename_filter');
  if (dialogue?.kind === 'delete') title = t('loans.delete_filter');

  return (
    <HStack gap="1" wrap="wrap">
      <NativeSelect.Root size="sm" width={{ base: 'full', sm: '52' }}>
        <NativeSelect.Field aria-label={t('loans.saved_filters')} value={selectedId} onChange={(e) => pick(e.currentTarget.value)}>
          <option value="">{t('loans.saved_filters')}</option>
          {list.map((f) => (
            <option key={f.filter_id} value={f.filter_id}>
              {f.filter_name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {canWrite && (
        <>
          <Button size="sm" variant="ghost" disabled={filters.length === 0} onClick={() => open('save')} aria-label={t('loans.save_filter')} title={t('loans.save_filter')}>
            <Save aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" disabled={!selected} onClick={() => open('rename')} aria-label={t('loans.rename_filter')} title={t('loans.rename_filter')}>
            <Pencil aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" colorPalette="red" disabled={!selected} onClick={() => open('delete')} aria-label={t('loans.delete_filter')} title={t('loans.delete_filter')}>
            <Trash2 aria-hidden />
          </Button>
        </>
      )}
      <Dialog.Root open={dialogue !== null} onOpenChange={(e) => !e.open && setDialogue(null)} placement="center" role={dialogue?.kind === 'delete' ? 'alertdialog' : 'dialog'}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content as="form" onSubmit={submit}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {dialogue?.kind === 'delete' ? (
                  <Text>{t('loans.delete_filter_confirm', { name: selected?.filter_name ?? '' })}</Text>
                ) : (
                  <Field.Root required>
                    <Field.Label>{t('loans.filter_name')}</Field.Label>
                    <Input value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} autoFocus />
                  </Field.Root>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={() => setDialogue(null)}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={change.isPending} colorPalette={dialogue?.kind === 'delete' ? 'red' : undefined}>
                  {dialogue?.kind === 'delete' ? t('loans.delete') : t('common.save')}
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </HStack>
  );
}
