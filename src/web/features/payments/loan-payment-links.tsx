/**
 * A loan's payment links on its profile (issue 15 "Collecting: from a loan profile"): each link
 * with its amount, what was paid, its status (ACTIVE, PAID, PARTIALLY_PAID, EXPIRED, CANCELLED)
 * and how it reached the borrower (the message's status, or why the compliance check blocked it);
 * and "Send payment link": amount, gateway, channel (SMS, WhatsApp, email, or only create) and an
 * optional template of that channel. The link is created even when the message is blocked, and
 * the dialog then says why it was not sent. Needs CG Payment Module › payments (read to see,
 * write to send).
 */
import { Alert, Badge, Button, Card, Field, Flex, Heading, Input, Link, List, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currencySymbol, formatMinor, parseAmount, type Currency } from '../../../domain/common/money';
import { listTemplates } from '../../../domain/contracts/communication/templates';
import { createPaymentLink, LINK_SEND_CHANNELS, listPaymentLinks, PG_VENDORS, type LinkSendChannel, type PaymentLinkRecord, type PgVendor } from '../../../domain/contracts/payments/links';
import { getGatewaySettings } from '../../../domain/contracts/payments/settings';
import { ChoiceField } from '../../components/choice-field';
import { FormDialog } from '../../components/form-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { can, endpointKey, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';

const LINK_COLOURS: Record<string, string> = { ACTIVE: 'blue', PAID: 'green', PARTIALLY_PAID: 'teal', EXPIRED: 'gray', CANCELLED: 'gray' };
const MESSAGE_COLOURS: Record<string, string> = { queued: 'gray', sent: 'blue', delivered: 'green', read: 'green', failed: 'red', blocked: 'orange' };
type Via = LinkSendChannel | 'none';

/** Why the message carrying a link was not sent: the compliance reasons, or the provider's error. */
function NotSent({ message }: { message: NonNullable<PaymentLinkRecord['message']> }) {
  const { t } = useTranslation();
  if (message.status !== 'blocked' && message.status !== 'failed') return null;
  return (
    <Alert.Root status="warning" size="sm" data-testid="link-not-sent">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t(message.status === 'blocked' ? 'payments.link.blocked' : 'payments.link.failed')}</Alert.Title>
        <Alert.Description>
          {message.reasons.length > 0 ? (
            <List.Root ps="4">
              {message.reasons.map((r) => (
                <List.Item key={r.code} data-code={r.code}>
                  {r.message}
                </List.Item>
              ))}
            </List.Root>
          ) : (
            message.error
          )}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function SendLinkDialog({ loanId, currency, onSent }: { loanId: string; currency: Currency; onSent: () => void }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const q = { company_id: companyId ?? undefined };
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [via, setVia] = useState<Via>('whatsapp');
  const [templateId, setTemplateId] = useState('');
  const [result, setResult] = useState<PaymentLinkRecord | null>(null);
  const gateways = useEndpoint(getGatewaySettings, { query: q }, { enabled: open && can(getGatewaySettings, permissions) });
  const configured = gateways.data?.gateways.filter((g) => g.is_active).map((g) => g.pg_vendor) ?? [];
  const vendors: readonly PgVendor[] = configured.length > 0 ? configured : PG_VENDORS;
  const [vendor, setVendor] = useState<PgVendor | ''>('');
  const chosenVendor = vendor || vendors[0];
  const canTemplates = can(listTemplates, permissions);
  const templates = useEndpoint(listTemplates, { query: { ...q, channel: via === 'none' ? undefined : via } }, { enabled: open && via !== 'none' && canTemplates });
  const create = useEndpointMutation(createPaymentLink);
  const minor = parseAmount(amount);

  const reset = () => {
    setResult(null);
    setAmount('');
    setTemplateId('');
    create.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (minor === null || minor <= 0) return;
    create.mutate(
      { query: q, body: { loan_id: loanId, amount_minor: minor, pg_vendor: chosenVendor, ...(via === 'none' ? {} : { send_via: via, ...(templateId ? { template_id: templateId } : {}) }) } },
      {
        onSuccess: (link) => {
          onSent();
          setResult(link);
          const m = link.message;
          if (!m || (m.status !== 'blocked' && m.status !== 'failed')) {
            toaster.create({ type: 'success', title: t(m ? 'payments.link.sent_toast' : 'payments.link.created_toast') });
            setOpen(false);
            reset();
          }
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) reset();
      }}
      trigger={
        <Button size="sm" data-testid="send-payment-link">
          <Send aria-hidden /> {t('payments.link.send')}
        </Button>
      }
      title={t('payments.link.send')}
      onSubmit={submit}
      error={result?.message ? null : create.error}
      submitLabel={result ? undefined : t(via === 'none' ? 'payments.link.create_only' : 'payments.link.create_and_send')}
      submitting={create.isPending}
      submitDisabled={minor === null || minor <= 0}
      submitTestId="link-submit"
      cancelLabel={t(result ? 'common.close' : 'common.cancel')}
    >
      {result?.message ? (
        <Stack gap="3" data-testid="link-result">
          <Text>{t('payments.link.created_not_sent')}</Text>
          <NotSent message={result.message} />
          <Text fontSize="sm" wordBreak="break-all">
            {result.url}
          </Text>
        </Stack>
      ) : (
        <>
          <Field.Root required invalid={amount !== '' && (minor === null || minor <= 0)}>
            <Field.Label>{t('payments.link.amount', { currency: currencySymbol(currency) })}</Field.Label>
            <Input value={amount} inputMode="decimal" onChange={(e) => setAmount(e.currentTarget.value)} data-testid="link-amount" />
            <Field.ErrorText>{t('payments.link.amount_invalid')}</Field.ErrorText>
          </Field.Root>
          <ChoiceField label={t('payments.field.pg_vendor')} value={chosenVendor} choices={vendors} choiceLabel={(v) => t(`payments.vendor.${v}`)} onChange={setVendor} testId="link-vendor" />
          <ChoiceField<Via>
            label={t('payments.link.send_via')}
            value={via}
            choices={[...LINK_SEND_CHANNELS, 'none']}
            choiceLabel={(v) => t(`payments.link.via.${v}`)}
            onChange={(v) => {
              setVia(v);
              setTemplateId('');
            }}
            testId="link-via"
          />
          {via !== 'none' && canTemplates && (
            <ChoiceField
              label={t('payments.link.template')}
              value={templateId}
              choices={['', ...(templates.data?.templates.map((x) => x.template_id) ?? [])]}
              choiceLabel={(id) => (id === '' ? t('payments.link.standard_text') : (templates.data?.templates.find((x) => x.template_id === id)?.name ?? id))}
              onChange={setTemplateId}
              testId="link-template"
            />
          )}
          {via === 'sms' && (
            <Text fontSize="sm" color="fg.muted">
              {t('payments.link.sms_needs_dlt')}
            </Text>
          )}
        </>
      )}
    </FormDialog>
  );
}

/** The payment links card of a loan's profile; renders nothing for a user without payments read. */
export function LoanPaymentLinks({ loanId, currency }: { loanId: string; currency: Currency }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const client = useQueryClient();
  const input = { query: { company_id: companyId ?? undefined, loan_id: loanId, page_size: 20 } };
  const canRead = can(listPaymentLinks, permissions);
  const links = useEndpoint(listPaymentLinks, input, { enabled: canRead && Boolean(companyId), refetchInterval: 15_000 });
  if (!canRead) return null;
  const refresh = () => void client.invalidateQueries({ queryKey: endpointKey(listPaymentLinks, input) });
  return (
    <Card.Root data-testid="payment-links">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('payments.link.title')}
          </Heading>
          {can(createPaymentLink, permissions) && <SendLinkDialog loanId={loanId} currency={currency} onSent={refresh} />}
        </Flex>
      </Card.Header>
      <Card.Body>
        {links.isPending ? (
          <LoadingState />
        ) : links.isError ? (
          <ErrorState error={links.error} onRetry={() => void links.refetch()} />
        ) : links.data.links.length === 0 ? (
          <EmptyState>{t('payments.link.none')}</EmptyState>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('payments.link.created')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payments.link.amount_col')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('payments.link.paid')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payments.link.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader minW="56">{t('payments.link.sent')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {links.data.links.map((l) => (
                  <Table.Row key={l.link_id} data-testid="payment-link" data-status={l.status}>
                    <Table.Cell whiteSpace="nowrap">
                      <Link href={l.url} target="_blank" rel="noreferrer" colorPalette="blue">
                        {formatDateTime(l.created_at)}
                      </Link>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatMinor(l.amount_minor, currency)}</Table.Cell>
                    <Table.Cell textAlign="end" data-testid="link-paid">
                      {formatMinor(l.paid_minor, currency)}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={LINK_COLOURS[l.status] ?? 'gray'} data-testid="link-status">
                        {t(`payments.link.state.${l.status}`)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell>
                      {l.message ? (
                        <Stack gap="1">
                          <Flex gap="2" align="center">
                            <Text>{t(`payments.link.via.${l.sent_via ?? 'none'}`)}</Text>
                            <Badge variant="subtle" colorPalette={MESSAGE_COLOURS[l.message.status] ?? 'gray'} data-testid="link-message-status" data-status={l.message.status}>
                              {t(`payments.link.message.${l.message.status}`)}
                            </Badge>
                          </Flex>
                          <NotSent message={l.message} />
                        </Stack>
                      ) : (
                        <Text color="fg.muted">{t('payments.link.not_sent')}</Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}
