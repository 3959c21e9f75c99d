/**
 * Online recoveries (`/app/field-executive/online`, issue 4 "payments the borrower made online,
 * attributed to the executive's visit"): GET /api/fos/online-recoveries. Needs the network.
 */
import { Alert, Badge, Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useShell } from '../../../lib/shell-context';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { useOnlineRecoveries } from '../api';
import { useCachedAllocation } from '../field-data';
import { bodyMinor, formatWhen, minorOf, moneyMinor } from '../format';
import { useOnline } from '../shell/sync-bar';
import { useFieldIdentity } from '../use-field-identity';

export default function OnlineRecoveriesScreen() {
  const { t, i18n } = useTranslation();
  const { companyId } = useShell();
  const { userId } = useFieldIdentity();
  const online = useOnline();
  const recoveries = useOnlineRecoveries(companyId);
  const currency = useCachedAllocation(userId, companyId)?.currency ?? null;

  let body;
  if (recoveries.isPending) body = <LoadingState />;
  else if (recoveries.isError)
    body = online ? (
      <ErrorState error={recoveries.error} onRetry={() => void recoveries.refetch()} />
    ) : (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{t('field.online.offline')}</Alert.Description>
      </Alert.Root>
    );
  else if (recoveries.data.recoveries.length === 0) body = <EmptyState>{t('field.online.empty')}</EmptyState>;
  else
    body = (
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" aria-label={t('field.online.title')}>
        {recoveries.data.recoveries.map((r) => (
          <Card.Root as="li" key={r.payment_id} size="sm" data-testid="online-recovery">
            <Card.Body p="3" gap="1">
              <Flex justify="space-between" gap="2">
                <Text fontWeight="semibold" truncate>
                  {r.applicant_name ?? r.loan_id}
                </Text>
                <Text fontWeight="bold">{moneyMinor(bodyMinor(r), currency)}</Text>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {r.loan_id} · {formatWhen(r.paid_at, i18n.language)} · {r.channel}
                {r.reference ? ` · ${r.reference}` : ''}
              </Text>
              {r.attributed_visit_at ? (
                <Badge colorPalette="green" alignSelf="start">
                  {t('field.online.after_visit', { when: formatWhen(r.attributed_visit_at, i18n.language) })}
                </Badge>
              ) : (
                <Badge alignSelf="start">{t('field.online.no_visit')}</Badge>
              )}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );

  return (
    <Stack gap="4" maxW="3xl">
      <Box>
        <Heading as="h1" size="xl">
          {t('field.online.title')}
        </Heading>
        {recoveries.data && (
          <Text fontSize="sm" color="fg.muted" data-testid="online-total">
            {t('field.online.total', { amount: moneyMinor(minorOf(recoveries.data.total_amount_minor, recoveries.data.total_amount), currency), count: recoveries.data.recoveries.length })}
          </Text>
        )}
      </Box>
      {body}
    </Stack>
  );
}
