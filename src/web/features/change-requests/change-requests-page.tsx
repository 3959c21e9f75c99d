/**
 * `/app/change-request` ("Change Requests", issue 16): borrower detail changes by status — pending,
 * approved, rejected — with the old and the new value (masked by the server for a masked reader),
 * who proposed it and from where (an agent, or a field visit's new address), and each request's
 * approval trail. A user who may propose sees a form for a new change; the checker decides in the
 * approval area.
 */
import { Badge, Box, Button, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANGE_FIELDS, CHANGE_REQUEST_STATUSES, createChangeRequest, listChangeRequests, type ChangeField, type ChangeRequestRecord, type ChangeRequestStatus } from '../../../domain/contracts/change-requests/requests';
import { Pager } from '../../components/pager';
import { DeskTable, QueryView } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { can, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { ApprovalTrail } from '../approval/public';

const PAGE_SIZE = 20;
const PALETTE: Record<ChangeRequestStatus, string> = { pending: 'orange', approved: 'green', rejected: 'red' };

function NewChange({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const create = useEndpointMutation(createChangeRequest, { onSuccess: () => client.invalidateQueries({ queryKey: [listChangeRequests.operation] }) });
  const [loanId, setLoanId] = useState('');
  const [field, setField] = useState<ChangeField>('contact_number');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { query: { company_id: companyId ?? undefined }, body: { loan_id: loanId.trim(), field, new_value: value.trim(), reason: reason.trim() || undefined } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('change_requests.submitted') });
          setLoanId('');
          setValue('');
          setReason('');
        },
      },
    );
  };
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4">
      <form onSubmit={submit} noValidate aria-label={t('change_requests.new')}>
        <Stack gap="3">
          <Heading as="h2" size="sm">
            {t('change_requests.new')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
            <Field.Root required>
              <Field.Label>{t('change_requests.loan_id')}</Field.Label>
              <Input size="sm" value={loanId} maxLength={100} onChange={(e) => setLoanId(e.currentTarget.value)} data-testid="cr-loan-id" />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('change_requests.change')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={field} onChange={(e) => setField(CHANGE_FIELDS.find((f) => f === e.currentTarget.value) ?? field)} data-testid="cr-field">
                  {CHANGE_FIELDS.map((f) => (
                    <option key={f} value={f}>
                      {t(`change_requests.field.${f}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('change_requests.new_value')}</Field.Label>
              <Input size="sm" value={value} maxLength={500} onChange={(e) => setValue(e.currentTarget.value)} data-testid="cr-value" />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('change_requests.reason')}</Field.Label>
              <Input size="sm" value={reason} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)} />
            </Field.Root>
          </SimpleGrid>
          {create.isError && (
            <Text color="fg.error" role="alert">
              {errorMessage(create.error)}
            </Text>
          )}
          <div>
            <Button size="sm" type="submit" loading={create.isPending} disabled={!loanId.trim() || !value.trim()} data-testid="cr-submit">
              {t('change_requests.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Box>
  );
}

function RequestRow({ r, open, onToggle }: { r: ChangeRequestRecord; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <Fragment>
      <Table.Row data-testid="cr-row">
        <Table.Cell>
          <Text fontWeight="medium">{r.loan_id}</Text>
          <Text fontSize="xs" color="fg.muted">
            {r.applicant_name ?? '—'}
          </Text>
        </Table.Cell>
        <Table.Cell>
          <Text>{t(`change_requests.field.${r.field}`)}</Text>
          <Text fontSize="xs" color="fg.muted">
            {t(`change_requests.source.${r.source}`)}
          </Text>
        </Table.Cell>
        <Table.Cell maxW="60" wordBreak="break-word" color="fg.muted">
          {r.old_value ?? '—'}
        </Table.Cell>
        <Table.Cell maxW="60" wordBreak="break-word" fontWeight="medium">
          {r.new_value}
        </Table.Cell>
        <Table.Cell>
          <Text>{r.requested_by_name ?? '—'}</Text>
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(r.requested_at)}
          </Text>
        </Table.Cell>
        <Table.Cell>
          <Badge colorPalette={PALETTE[r.status]}>{t(`change_requests.status.${r.status}`)}</Badge>
          {r.remarks && (
            <Text fontSize="xs" color="fg.muted" mt="1">
              {r.remarks}
            </Text>
          )}
        </Table.Cell>
        <Table.Cell textAlign="end">
          <Button size="xs" variant="ghost" onClick={onToggle} aria-expanded={open}>
            {open ? t('change_requests.hide') : t('change_requests.details')}
          </Button>
        </Table.Cell>
      </Table.Row>
      {open && (
        <Table.Row>
          <Table.Cell colSpan={7} bg="bg.subtle">
            <Stack gap="2" py="2">
              {r.reason && (
                <Text fontSize="sm">
                  {t('change_requests.reason')}: {r.reason}
                </Text>
              )}
              {r.applied_at && (
                <Text fontSize="sm">
                  {t('change_requests.applied_at')}: {formatDateTime(r.applied_at)}
                </Text>
              )}
              <Heading as="h3" size="xs">
                {t('change_requests.trail')}
              </Heading>
              <ApprovalTrail type="change_request" subjectId={r.request_id} />
            </Stack>
          </Table.Cell>
        </Table.Row>
      )}
    </Fragment>
  );
}

export default function ChangeRequestsPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const [status, setStatus] = useState<ChangeRequestStatus>('pending');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useEndpoint(listChangeRequests, { query: { company_id: companyId ?? undefined, status, page_number: page, page_size: PAGE_SIZE } }, { enabled: Boolean(companyId) });
  const counts = list.data?.counts;
  return (
    <Stack gap="4">
      <Box>
        <Heading as="h1" size="xl">
          {t('change_requests.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm" maxW="3xl">
          {t('change_requests.intro')}
        </Text>
      </Box>
      {can(createChangeRequest, permissions) && <NewChange companyId={companyId} />}
      <HStack gap="2" role="tablist" aria-label={t('change_requests.title')} wrap="wrap">
        {CHANGE_REQUEST_STATUSES.map((s) => (
          <Button
            key={s}
            role="tab"
            aria-selected={status === s}
            size="sm"
            variant={status === s ? 'solid' : 'outline'}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
            data-testid={`cr-tab-${s}`}
          >
            {t(`change_requests.status.${s}`)} {counts ? `(${counts[s]})` : ''}
          </Button>
        ))}
      </HStack>
      <QueryView query={list} isEmpty={(d) => d.requests.length === 0} empty={t('change_requests.none')}>
        {(d) => (
          <>
            <DeskTable
              columns={[
                t('change_requests.loan'),
                t('change_requests.change'),
                t('change_requests.old_value'),
                t('change_requests.new_value'),
                t('change_requests.requested_by'),
                t('change_requests.decided'),
                '',
              ]}
            >
              {d.requests.map((r) => (
                <RequestRow key={r.request_id} r={r} open={open === r.request_id} onToggle={() => setOpen(open === r.request_id ? null : r.request_id)} />
              ))}
            </DeskTable>
            {d.total > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} total={d.total} onPage={setPage} />}
          </>
        )}
      </QueryView>
    </Stack>
  );
}
