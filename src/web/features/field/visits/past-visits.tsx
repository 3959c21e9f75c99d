/**
 * A loan's visits (issue 4 "GET /api/fos/visits?loan_id="): those still waiting in the outbox
 * first, then the server's, newest first, when online. Offline the server part says so instead
 * of failing. Each server visit shows its verification outcome (issue 5): to verify, approved, or
 * rejected with the reviewer's reason.
 */
import { Badge, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VerificationBadge } from '../verification/verification-badge';
import { useLoanVisits } from '../api';
import { useOutbox } from '../field-data';
import { formatWhen } from '../format';
import { queuedOf } from '../queued';
import { useOnline } from '../shell/sync-bar';

function VisitRow({ when, disposition, person, detail, badge, note, testId }: { when: string; disposition: string; person: string; detail: string | null; badge: ReactNode; note?: ReactNode; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card.Root as="li" size="sm" data-testid={testId}>
      <Card.Body p="3" gap="1">
        <Flex justify="space-between" gap="2" align="start">
          <Text fontWeight="medium">{t(`field.disposition.${disposition}`, { defaultValue: disposition })}</Text>
          {badge}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {when} · {t(`field.person_met.${person}`, { defaultValue: person })}
        </Text>
        {detail && <Text fontSize="sm">{detail}</Text>}
        {note}
      </Card.Body>
    </Card.Root>
  );
}

export function PastVisits({ loanId, userId, companyId }: { loanId: string; userId: string | null; companyId: string | null }) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const outbox = useOutbox(userId, companyId);
  const server = useLoanVisits(online ? companyId : null, loanId);
  const queued = useMemo(() => queuedOf(outbox ?? [], 'visit').filter(({ body }) => body.loan_id === loanId).reverse(), [outbox, loanId]);
  const visits = server.data?.visits ?? [];

  return (
    <Stack gap="2" mt="4" className="no-print">
      <Heading as="h2" size="md">
        {t('field.past.title')}
      </Heading>
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="2">
        {queued.map((item) => (
          <VisitRow
            key={item.idempotency_key}
            testId="queued-visit-row"
            when={formatWhen(item.body.checked_in_at, i18n.language)}
            disposition={item.body.disposition}
            person={item.body.person_met}
            detail={item.body.remarks || null}
            badge={
              <Badge colorPalette={item.status === 'failed' ? 'red' : 'blue'}>
                {item.status === 'failed' ? t('field.past.failed') : t('field.past.waiting')}
              </Badge>
            }
          />
        ))}
        {visits.map((v) => (
          <VisitRow
            key={v.visit_id}
            testId="past-visit-row"
            when={formatWhen(v.checked_in_at, i18n.language)}
            disposition={v.disposition}
            person={v.person_met}
            detail={[v.remarks, v.photo_urls.length > 0 ? t('field.past.photos', { count: v.photo_urls.length }) : null].filter(Boolean).join(' · ') || null}
            badge={
              // The reviewer's outcome (issue 5): to verify, approved or rejected; synced when no check was needed.
              v.verification_status === 'not_required' ? <Badge colorPalette="green">{t('field.past.synced')}</Badge> : <VerificationBadge status={v.verification_status} />
            }
            note={
              v.verification_status === 'rejected' ? (
                <Text fontSize="sm" color="red.fg" data-testid="rejection-reason">
                  {t('verification.executive_rejected', { name: v.verified_by_name ?? '—', reason: v.verification_reason ?? '—' })}
                </Text>
              ) : null
            }
          />
        ))}
      </Stack>
      {!online && <Text fontSize="sm" color="fg.muted">{t('field.past.offline')}</Text>}
      {online && server.isError && <Text fontSize="sm" color="fg.muted">{t('field.past.load_failed')}</Text>}
      {online && server.isSuccess && visits.length === 0 && queued.length === 0 && <Text fontSize="sm" color="fg.muted">{t('field.past.none')}</Text>}
    </Stack>
  );
}
