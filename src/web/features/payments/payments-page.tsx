/**
 * `/app/payments` (issue 15; spec 3 payment_gateway section): the company's payment gateways —
 * merchant id, whether each secret is set (keys by their last 4 characters), the webhook URL to
 * give the gateway — and a form that sets one vendor's credentials. Secrets are typed here and
 * sent once; the server stores them encrypted and never answers them, so fields start empty and
 * an empty field keeps the stored value. Outgoing webhooks to the lender's systems are a tab of
 * `/app/payment-settings` (WebhookConfigurationsPanel, spec 3 webhook_configurations).
 */
import { Alert, Badge, Button, Field, Flex, Heading, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PG_VENDORS, type PgVendor } from '../../../domain/contracts/payments/links';
import { putGatewaySettings, type GatewaySettingsRecord } from '../../../domain/contracts/payments/settings';
import { errorMessage } from '../../lib/api';
import { can } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { companyInput, useGateways, usePutGateway } from './api';

/** The secrets each vendor's protocol uses (the server checks the same list). */
const FIELDS: Record<PgVendor, readonly SecretField[]> = {
  cashfree: ['api_key', 'api_secret', 'webhook_secret'],
  easebuzz: ['api_key', 'salt_key'],
  phonepe: ['salt_key', 'salt_index', 'webhook_username', 'webhook_password'],
};
type SecretField = 'api_key' | 'api_secret' | 'salt_key' | 'salt_index' | 'webhook_secret' | 'webhook_username' | 'webhook_password';

function SecretFacts({ g }: { g: GatewaySettingsRecord }) {
  const { t } = useTranslation();
  return (
    <Flex gap="1" wrap="wrap">
      {FIELDS[g.pg_vendor].map((name) => {
        const s = g.secrets[name];
        return (
          <Badge key={name} colorPalette={s.set ? 'green' : 'gray'} variant="subtle">
            {t(`payments.field.${name}`)}: {s.set ? (s.last4 ? `••••${s.last4}` : t('payments.set')) : name === 'webhook_secret' && g.pg_vendor === 'cashfree' ? t('payments.uses_client_secret') : t('payments.not_set')}
          </Badge>
        );
      })}
      {g.secrets.previous_webhook_secret.set && <Badge variant="outline">{t('payments.previous_secret_kept')}</Badge>}
    </Flex>
  );
}

function GatewayForm({ companyId, configured }: { companyId: string | null; configured: GatewaySettingsRecord[] }) {
  const { t } = useTranslation();
  const put = usePutGateway(companyId);
  const [vendor, setVendor] = useState<PgVendor>('cashfree');
  const current = configured.find((g) => g.pg_vendor === vendor);
  const [merchant, setMerchant] = useState('');
  const [values, setValues] = useState<Partial<Record<SecretField, string>>>({});
  const merchantId = merchant || current?.merchant_id || '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const secrets = Object.fromEntries(FIELDS[vendor].map((f) => [f, values[f]?.trim() || undefined]));
    put.mutate(
      { ...companyInput(companyId), body: { pg_vendor: vendor, merchant_id: merchantId.trim(), ...secrets } },
      {
        onSuccess: () => {
          setValues({});
          setMerchant('');
          toaster.create({ type: 'success', title: t('payments.saved') });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-labelledby="gateway-form-title">
      <Stack gap="4" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md" id="gateway-form-title">
          {t('payments.set_gateway')}
        </Heading>
        {put.error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errorMessage(put.error)}</Alert.Title>
          </Alert.Root>
        )}
        <Flex gap="4" wrap="wrap">
          <Field.Root w={{ base: 'full', md: '56' }}>
            <Field.Label>{t('payments.field.pg_vendor')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={vendor}
                onChange={(e) => {
                  setVendor(e.currentTarget.value as PgVendor);
                  setValues({});
                  setMerchant('');
                }}
              >
                {PG_VENDORS.map((v) => (
                  <option key={v} value={v}>
                    {t(`payments.vendor.${v}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w={{ base: 'full', md: '64' }} required>
            <Field.Label>{t('payments.field.merchant_id')}</Field.Label>
            <Input value={merchantId} maxLength={64} autoComplete="off" onChange={(e) => setMerchant(e.currentTarget.value)} />
          </Field.Root>
        </Flex>
        <Flex gap="4" wrap="wrap">
          {FIELDS[vendor].map((name) => (
            <Field.Root key={name} w={{ base: 'full', md: '64' }}>
              <Field.Label>{t(`payments.field.${name}`)}</Field.Label>
              <Input
                type={name === 'salt_index' || name === 'webhook_username' || name === 'api_key' ? 'text' : 'password'}
                autoComplete="off"
                maxLength={256}
                value={values[name] ?? ''}
                placeholder={current?.secrets[name].set ? t('payments.keep_stored') : ''}
                onChange={(e) => setValues({ ...values, [name]: e.currentTarget.value })}
              />
            </Field.Root>
          ))}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {t('payments.secrets_help')}
        </Text>
        <div>
          <Button type="submit" loading={put.isPending} disabled={!merchantId.trim()}>
            {t('payments.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

export default function PaymentsPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const gateways = useGateways(companyId);
  const canWrite = can(putGatewaySettings, permissions);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="xl">
        {t('menu.payments')}
      </Heading>
      <Stack gap="3" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '6' }}>
        <Heading as="h2" size="md">
          {t('payments.gateways')}
        </Heading>
        {gateways.isPending ? (
          <LoadingState />
        ) : gateways.isError ? (
          <ErrorState error={gateways.error} onRetry={() => void gateways.refetch()} />
        ) : gateways.data.gateways.length === 0 ? (
          <EmptyState>{t('payments.no_gateways')}</EmptyState>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('payments.field.pg_vendor')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payments.field.merchant_id')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payments.credentials')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('payments.webhook_url')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {gateways.data.gateways.map((g) => (
                  <Table.Row key={g.pg_vendor}>
                    <Table.Cell>
                      {t(`payments.vendor.${g.pg_vendor}`)} {g.is_active === 'false' && <Badge>{t('payments.inactive')}</Badge>}
                    </Table.Cell>
                    <Table.Cell>{g.merchant_id}</Table.Cell>
                    <Table.Cell>
                      <SecretFacts g={g} />
                    </Table.Cell>
                    <Table.Cell>
                      <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
                        {origin}
                        {g.webhook_path}
                      </Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
      {canWrite ? (
        <GatewayForm companyId={companyId} configured={gateways.data?.gateways ?? []} />
      ) : (
        <Text color="fg.muted">{t('payments.read_only')}</Text>
      )}
    </Stack>
  );
}
