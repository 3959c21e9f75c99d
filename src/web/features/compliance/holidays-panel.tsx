/** The company's holiday calendar for a year (seeded with the country's national holidays): add and remove days. */
import { Alert, Button, Field, Flex, IconButton, Input, NativeSelect, Stack, Table } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../domain/common/dates';
import { errorMessage } from '../../lib/api';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { companyInput, useAddHoliday, useHolidays, useRemoveHoliday } from './api';

export function HolidaysPanel({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(Math.max(thisYear, 2026));
  const holidays = useHolidays(companyId, year);
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!date || !name.trim()) return;
    add.mutate({ ...companyInput(companyId), body: { date, name: name.trim() } }, { onSuccess: () => (setDate(''), setName('')) });
  };

  return (
    <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
      <Flex gap="3" align="end" wrap="wrap">
        <Field.Root w="32">
          <Field.Label>{t('compliance.year')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={year} onChange={(e) => setYear(Number(e.currentTarget.value))}>
              {[thisYear - 1, thisYear, thisYear + 1, 2026].filter((y, i, a) => a.indexOf(y) === i).sort().map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      {(add.isError || remove.isError) && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(add.error ?? remove.error)}</Alert.Title>
        </Alert.Root>
      )}
      {canWrite && (
        <form onSubmit={submit}>
          <Flex gap="3" align="end" wrap="wrap">
            <Field.Root w="44" required>
              <Field.Label>{t('compliance.holiday_date')}</Field.Label>
              <Input type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root flex="1" minW="48" required>
              <Field.Label>{t('compliance.holiday_name')}</Field.Label>
              <Input value={name} maxLength={120} onChange={(e) => setName(e.currentTarget.value)} />
            </Field.Root>
            <Button type="submit" loading={add.isPending} disabled={!date || !name.trim()}>
              {t('compliance.add_holiday')}
            </Button>
          </Flex>
        </form>
      )}
      {holidays.isPending ? (
        <LoadingState />
      ) : holidays.isError ? (
        <ErrorState error={holidays.error} onRetry={() => void holidays.refetch()} />
      ) : holidays.data.holidays.length === 0 ? (
        <EmptyState>{t('compliance.no_holidays', { year })}</EmptyState>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('compliance.holiday_date')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('compliance.holiday_name')}</Table.ColumnHeader>
              {canWrite && <Table.ColumnHeader />}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {holidays.data.holidays.map((h) => (
              <Table.Row key={h.holiday_id}>
                <Table.Cell>{formatDate(h.date)}</Table.Cell>
                <Table.Cell>{h.name}</Table.Cell>
                {canWrite && (
                  <Table.Cell textAlign="end">
                    <IconButton size="xs" variant="ghost" aria-label={t('compliance.remove_holiday', { name: h.name })} onClick={() => remove.mutate({ params: { holiday_id: h.holiday_id }, ...companyInput(companyId) })}>
                      <Trash2 />
                    </IconButton>
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
