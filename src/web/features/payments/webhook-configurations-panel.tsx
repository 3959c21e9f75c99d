/**
 * Outgoing webhooks to the lender's own systems (issue 15; spec 3 webhook_configurations), a
 * self-contained panel: the company's endpoints (URL, events, active 'true'/'false', the secret's
 * last 4), a form to add or change one, "Rotate secret" (the new secret is shown once, like on
 * create), and each endpoint's delivery log (event, status, attempts, last answer, next retry) with
 * "Resend". Mounted on /app/payments; the payment settings page mounts it as its
 * webhook_configurations tab. Loading, empty and error states; en/hi/id.
 */
import { Alert, Badge, Button, Checkbox, Code, Field, Fieldset, Flex, Heading, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createWebhookConfiguration,
  listWebhookConfigurations,
  listWebhookDeliveries,
  OUTGOING_WEBHOOK_EVENTS,
  resendWebhookDelivery,
  rotateWebhookSecret,
  updateWebhookConfiguration,
  type OutgoingWebhookEvent,
  type WebhookConfigurationRecord,
  type WebhookDeliveryStatus,
} from '../../../domain/contracts/payments/webhook-configurations';
import { errorMessage } from '../../lib/api';
import { can, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'orange', delivered: 'green', failed: 'red' };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** A secret answered once (create, rotate): shown until dismissed, never fetched again. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Title>{t('payments.hooks.secret_once')}</Alert.Title>
        <Code fontSize="sm" wordBreak="break-all" data-testid="webhook-secret">
          {secret}
        </Code>
        <Flex gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => void navigator.clipboard?.writeText(secret).then(() => toaster.create({ type: 'success', title: t('payments.hooks.copied') }))}>
            {t('payments.hooks.copy')}
          </Button>
          <Button size="xs" onClick={onDone}>
            {t('payments.hooks.secret_saved')}
          </Button>
        </Flex>
      </Stack>
    </Alert.Root>
  );
}

/** Add (no `editing`) or change an endpoint. */
function EndpointForm({ companyId, editing, onDone }: { companyId: string | null; editing: WebhookConfigurationRecord | null; onDone: (secret: string | null) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [listWebhookConfigurations.operation] });
  const create = useEndpointMutation(createWebhookConfiguration, { onSuccess: refresh });
  const update = useEndpointMutation(updateWebhookConfiguration, { onSuccess: refresh });
  const [url, setUrl] = useState(editing?.url ?? '');
  const [events, setEvents] = useState<Set<OutgoingWebhookEvent>>(new Set(editing?.events ?? ['payment.posted']));
  const [active, setActive] = useState<'true' | 'false'>(editing?.is_active ?? 'true');
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = { url: url.trim(), events: [...events], is_active: active };
    const query = { company_id: companyId ?? undefined };
    if (editing) update.mutate({ params: { endpoint_id: editing.endpoint_id }, query, body }, { onSuccess: () => (toaster.create({ type: 'success', title: t('payments.hooks.saved') }), onDone(null)) });
    else create.mutate({ query, body }, { onSuccess: (r) => onDone(r.secret) });
  };

  return (
    <form onSubmit={submit} aria-labelledby="webhook-form-title">
      <Stack gap="3" borderWidth="1px" rounded="md" p="4">
        <Heading as="h3" size="sm" id="webhook-form-title">
          {editing ? t('payments.hooks.edit_title') : t('payments.hooks.add_title')}
        </Heading>
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(error)}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required>
          <Field.Label>{t('payments.hooks.url')}</Field.Label>
          <Input type="url" inputMode="url" value={url} maxLength={2000} placeholder="https://" autoComplete="off" onChange={(e) => setUrl(e.currentTarget.value)} />
          <Field.HelperText>{t('payments.hooks.url_help')}</Field.HelperText>
        </Field.Root>
        <Fieldset.Root>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            {t('payments.hooks.events')}
          </Fieldset.Legend>
          <Flex gap="4" wrap="wrap" pt="1">
            {OUTGOING_WEBHOOK_EVENTS.map((ev) => (
              <Checkbox.Root
                key={ev}
                size="sm"
                checked={events.has(ev)}
                onCheckedChange={(c) => {
                  const next = new Set(events);
                  if (c.checked === true) next.add(ev);
                  else next.delete(ev);
                  setEvents(next);
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`payments.hooks.event.${ev}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Flex>
        </Fieldset.Root>
        <Field.Root w={{ base: 'full', md: '48' }}>
          <Field.Label>{t('payments.hooks.active')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={active} onChange={(e) => setActive(e.currentTarget.value === 'false' ? 'false' : 'true')}>
              <option value="true">{t('payments.hooks.active_true')}</option>
              <option value="false">{t('payments.hooks.active_false')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Flex gap="2">
          <Button type="submit" loading={pending} disabled={!url.trim() || events.size === 0}>
            {editing ? t('payments.hooks.save') : t('payments.hooks.add')}
          </Button>
          <Button variant="ghost" onClick={() => onDone(null)}>
            {t('payments.hooks.cancel')}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

/** One endpoint's delivery log, newest first, with Resend. */
function Deliveries({ companyId, endpoint, canWrite }: { companyId: string | null; endpoint: WebhookConfigurationRecord; canWrite: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const input = { params: { endpoint_id: endpoint.endpoint_id }, query: { company_id: companyId ?? undefined, page_size: 20 } };
  const log = useEndpoint(listWebhookDeliveries, input, { enabled: Boolean(companyId), refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === 'pending') ? 5000 : false) });
  const resend = useEndpointMutation(resendWebhookDelivery, { onSuccess: () => client.invalidateQueries({ queryKey: [listWebhookDeliveries.operation] }) });
  const resendButton = (deliveryId: string) => (
    <Button size="xs" variant="outline" loading={resend.isPending && resend.variables?.params?.delivery_id === deliveryId} onClick={() => resend.mutate({ params: { endpoint_id: endpoint.endpoint_id, delivery_id: deliveryId }, query: { company_id: companyId ?? undefined } })}>
      {t('payments.hooks.resend')}
    </Button>
  );
  return (
    <Stack gap="2" aria-label={t('payments.hooks.deliveries_of', { url: endpoint.url })} role="region">
      <Heading as="h3" size="sm">
        {t('payments.hooks.deliveries_of', { url: endpoint.url })}
      </Heading>
      {resend.error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(resend.error)}</Alert.Title>
        </Alert.Root>
      )}
      {log.isPending ? (
        <LoadingState />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.deliveries.length === 0 ? (
        <EmptyState>{t('payments.hooks.no_deliveries')}</EmptyState>
      ) : (
        <>
        {/* Phones: one card per delivery (the table's seven columns do not fit 390 px). */}
        <Stack gap="2" hideFrom="md">
          {log.data.deliveries.map((d) => (
            <Stack key={d.delivery_id} gap="1" borderWidth="1px" rounded="md" p="3" fontSize="sm">
              <Flex justify="space-between" gap="2">
                <Text fontWeight="medium">{t(`payments.hooks.event.${d.event_type}`)}</Text>
                <Badge colorPalette={STATUS_COLOR[d.status]}>{t(`payments.hooks.delivery.${d.status}`)}</Badge>
              </Flex>
              <Text fontFamily="mono" fontSize="xs" color="fg.muted" wordBreak="break-all">
                {d.event_id}
              </Text>
              <Text>
                {t('payments.hooks.attempts')}: {d.attempts} · {t('payments.hooks.last_answer')}: {d.last_status_code ?? d.last_error ?? '—'}
              </Text>
              {d.response_excerpt && (
                <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                  {d.response_excerpt}
                </Text>
              )}
              <Text fontSize="xs" color="fg.muted">
                {t('payments.hooks.created')}: {when(d.created_at)}
                {d.next_attempt_at && ` · ${t('payments.hooks.next_retry')}: ${when(d.next_attempt_at)}`}
              </Text>
              {canWrite && (
                <div>
                  {resendButton(d.delivery_id)}
                </div>
              )}
            </Stack>
          ))}
        </Stack>
        <Table.ScrollArea hideBelow="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('payments.hooks.event_col')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.hooks.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('payments.hooks.attempts')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.hooks.last_answer')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.hooks.next_retry')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('payments.hooks.created')}</Table.ColumnHeader>
                {canWrite && <Table.ColumnHeader />}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {log.data.deliveries.map((d) => (
                <Table.Row key={d.delivery_id}>
                  <Table.Cell>
                    <Text>{t(`payments.hooks.event.${d.event_type}`)}</Text>
                    <Text fontFamily="mono" fontSize="xs" color="fg.muted">
                      {d.event_id}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_COLOR[d.status]}>{t(`payments.hooks.delivery.${d.status}`)}</Badge>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{d.attempts}</Table.Cell>
                  <Table.Cell maxW="64">
                    <Text>{d.last_status_code ?? d.last_error ?? '—'}</Text>
                    {d.response_excerpt && (
                      <Text fontSize="xs" color="fg.muted" truncate title={d.response_excerpt}>
                        {d.response_excerpt}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{when(d.next_attempt_at)}</Table.Cell>
                  <Table.Cell>{when(d.created_at)}</Table.Cell>
                  {canWrite && (
                    <Table.Cell>
                      {resendButton(d.delivery_id)}
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        </>
      )}
    </Stack>
  );
}

/** The webhook_configurations section: endpoints, form, secret shown once, delivery logs. */
export function WebhookConfigurationsPanel() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const client = useQueryClient();
  const list = useEndpoint(listWebhookConfigurations, { query: { company_id: companyId ?? undefined } }, { enabled: Boolean(companyId) });
  const rotate = useEndpointMutation(rotateWebhookSecret, { onSuccess: () => client.invalidateQueries({ queryKey: [listWebhookConfigurations.operation] }) });
  const canWrite = can(createWebhookConfiguration, permissions);
  const [form, setForm] = useState<{ editing: WebhookConfigurationRecord | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState<string | null>(null);

  return (
    <Stack gap="3" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }} aria-labelledby="webhooks-title" role="region">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="md" id="webhooks-title">
          {t('payments.hooks.title')}
        </Heading>
        {canWrite && !form && (
          <Button size="sm" onClick={() => setForm({ editing: null })}>
            {t('payments.hooks.add')}
          </Button>
        )}
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        {t('payments.hooks.help')}
      </Text>
      {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
      {rotate.error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(rotate.error)}</Alert.Title>
        </Alert.Root>
      )}
      {form && (
        <EndpointForm
          key={form.editing?.endpoint_id ?? 'new'}
          companyId={companyId}
          editing={form.editing}
          onDone={(s) => {
            setForm(null);
            if (s) setSecret(s);
          }}
        />
      )}
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.endpoints.length === 0 ? (
        <EmptyState>{t('payments.hooks.none')}</EmptyState>
      ) : (
        <Stack gap="3">
          {list.data.endpoints.map((ep) => (
            <Stack key={ep.endpoint_id} gap="2" borderWidth="1px" rounded="md" p="3">
              <Flex gap="2" align="center" wrap="wrap">
                <Text fontFamily="mono" fontSize="sm" wordBreak="break-all" flex="1" minW="48">
                  {ep.url}
                </Text>
                <Badge colorPalette={ep.is_active === 'true' ? 'green' : 'gray'}>{ep.is_active === 'true' ? t('payments.hooks.active_true') : t('payments.hooks.active_false')}</Badge>
              </Flex>
              <Flex gap="1" wrap="wrap">
                {ep.events.map((ev) => (
                  <Badge key={ev} variant="outline">
                    {t(`payments.hooks.event.${ev}`)}
                  </Badge>
                ))}
                <Badge variant="subtle">{t('payments.hooks.secret_last4', { last4: ep.secret_last4 })}</Badge>
              </Flex>
              <Flex gap="2" wrap="wrap">
                <Button size="xs" variant="outline" aria-expanded={open === ep.endpoint_id} onClick={() => setOpen(open === ep.endpoint_id ? null : ep.endpoint_id)}>
                  {open === ep.endpoint_id ? t('payments.hooks.hide_deliveries') : t('payments.hooks.show_deliveries')}
                </Button>
                {canWrite && (
                  <Button size="xs" variant="outline" onClick={() => setForm({ editing: ep })}>
                    {t('payments.hooks.edit')}
                  </Button>
                )}
                {canWrite &&
                  (confirmRotate === ep.endpoint_id ? (
                    <>
                      <Text fontSize="xs" alignSelf="center">
                        {t('payments.hooks.rotate_confirm')}
                      </Text>
                      <Button
                        size="xs"
                        colorPalette="red"
                        loading={rotate.isPending}
                        onClick={() =>
                          rotate.mutate({ params: { endpoint_id: ep.endpoint_id }, query: { company_id: companyId ?? undefined } }, { onSuccess: (r) => (setSecret(r.secret), setConfirmRotate(null)) })
                        }
                      >
                        {t('payments.hooks.rotate_yes')}
                      </Button>
                      <Button size="xs" variant="ghost" onClick={() => setConfirmRotate(null)}>
                        {t('payments.hooks.cancel')}
                      </Button>
                    </>
                  ) : (
                    <Button size="xs" variant="outline" onClick={() => setConfirmRotate(ep.endpoint_id)}>
                      {t('payments.hooks.rotate')}
                    </Button>
                  ))}
              </Flex>
              {open === ep.endpoint_id && <Deliveries companyId={companyId} endpoint={ep} canWrite={canWrite} />}
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
