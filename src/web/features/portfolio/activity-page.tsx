/**
 * `/app/customer/activity-summary?loan_id=` (spec 2; spec 3 "remarks (shown as Activity
 * Timeline)"; spec 7 recovery `/loan/activity/{id}`, `/loan/remarks/{id}`): the loan's events,
 * newest first, and a form to add a remark. Remarks with markup tags are refused here before
 * sending (spec 5), as the server does.
 */
import { Badge, Box, Button, Card, Field, Flex, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { MessageSquarePlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { containsMarkup } from '../../../domain/validation/rules';
import { useShell } from '../../lib/shell-context';
import { EmptyState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { formatDateTime } from '../../lib/format';
import { useActivity, useAddRemark, useLoanDetails } from './api';
import { humanise, ProfileError, ProfileNav } from './profile-parts';

const REMARK_MAX = 2000;

function RemarkForm({ loanId, month }: { loanId: string; month: string | null }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddRemark();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = remark.trim();
    if (!text) return setError(t('validation.required'));
    if (containsMarkup(text)) return setError(t('profile.remark_markup'));
    setError(null);
    add.mutate(
      { params: { loan_id: loanId }, query: { company_id: companyId ?? undefined }, body: { remark: text, allocation_month: month ?? undefined } },
      {
        onSuccess: () => {
          setRemark('');
          toaster.create({ type: 'success', title: t('profile.remark_added') });
        },
        onError: (e) => toaster.create({ type: 'error', title: errorMessage(e) }),
      },
    );
  };
  return (
    <Box as="form" onSubmit={submit} bg="bg" borderWidth="1px" rounded="md" p="4">
      <Stack gap="3">
        <Field.Root invalid={error !== null}>
          <Field.Label>{t('profile.add_remark')}</Field.Label>
          <Textarea value={remark} maxLength={REMARK_MAX} rows={3} onChange={(e) => setRemark(e.currentTarget.value)} />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Flex justify="flex-end">
          <Button type="submit" size="sm" loading={add.isPending}>
            <MessageSquarePlus aria-hidden /> {t('profile.save_remark')}
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}

export default function ActivityPage() {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const [params] = useSearchParams();
  const loanId = params.get('loan_id');
  const month = params.get('allocation_month');
  const details = useLoanDetails(companyId, loanId, month);
  const activity = useActivity(companyId, loanId);

  let body: React.ReactNode;
  if (!loanId) body = <EmptyState>{t('profile.no_loan_chosen')}</EmptyState>;
  else if (activity.isPending) body = <LoadingState />;
  else if (activity.isError) body = <ProfileError error={activity.error} onRetry={() => void activity.refetch()} />;
  else
    body = (
      <Stack gap="4">
        <RemarkForm loanId={loanId} month={month ?? details.data?.loan.allocation_month ?? null} />
        {activity.data.events.length === 0 ? (
          <EmptyState>{t('profile.no_activity')}</EmptyState>
        ) : (
          <Stack as="ol" gap="2" listStyleType="none" m="0" p="0" aria-label={t('loans.activity_timeline')}>
            {activity.data.events.map((event) => (
              <Card.Root as="li" key={event.event_id} size="sm" data-testid="activity-event">
                <Card.Body gap="1">
                  <Flex justify="space-between" gap="2" wrap="wrap">
                    <Flex gap="2" align="center">
                      <Badge>{t(`profile.kind.${event.kind}`, { defaultValue: humanise(event.kind) })}</Badge>
                      {event.module && <Text fontSize="sm" color="fg.muted">{humanise(event.module)}</Text>}
                    </Flex>
                    <Text fontSize="sm" color="fg.muted" asChild>
                      <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                    </Text>
                  </Flex>
                  {event.remark && <Text whiteSpace="pre-wrap">{event.remark}</Text>}
                  {event.recording_url && <audio controls preload="none" src={event.recording_url} aria-label={t('profile.call_recording')} style={{ height: 32, maxWidth: '100%' }} data-testid="call-recording" />}
                  {event.author_name && (
                    <Text fontSize="xs" color="fg.muted">
                      {t('profile.by', { name: event.author_name })}
                    </Text>
                  )}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </Stack>
    );
  return (
    <Stack gap="4">
      <ProfileNav loanId={loanId} customerId={details.data?.loan.client_customer_id ?? null} month={month ?? details.data?.loan.allocation_month ?? null} />
      <Heading as="h1" size="xl">
        {details.data?.header.name ? t('profile.activity_of', { name: details.data.header.name }) : t('loans.activity_timeline')}
      </Heading>
      {body}
    </Stack>
  );
}
