/** One loan of the day plan (issue 4 "each card shows name, amount due, dpd, address, last disposition, and offers call, navigate, and record visit"). */
import { Badge, Box, Button, Card, Flex, HStack, Text } from '@chakra-ui/react';
import { ClipboardPen, Navigation, Phone, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { AllocatedLoan } from '../../../domain/contracts/field';
import type { Currency } from '../../../domain/common/money';
import { formatWhen, money } from './format';
import { formatDistance, navigateLink, telLink } from './visit-plan';

/** Link to the visit form of a loan, keeping the company (spec 2). */
export function visitFormLink(prefix: string, companyId: string | null, loanId: string): string {
  const params = new URLSearchParams();
  if (companyId) params.set('company_id', companyId);
  params.set('loan_id', loanId);
  return `${prefix}/customer/visit-details?${params.toString()}`;
}

const PRIORITY_COLOUR = ['red', 'orange', 'yellow', 'blue', 'gray'] as const;

export function PriorityBadge({ priority }: { priority: number }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={PRIORITY_COLOUR[priority - 1] ?? 'gray'} variant="solid" flexShrink={0} title={t('field.visits.priority_title')}>
      {t('field.visits.priority', { priority })}
    </Badge>
  );
}

/** A card action leaving the app (dialler, maps); shown disabled when there is nothing to open. */
function ExternalAction({ href, icon: IconType, label, ariaLabel, newTab }: { href: string | null; icon: LucideIcon; label: string; ariaLabel?: string; newTab?: boolean }) {
  const content = (
    <>
      <IconType aria-hidden /> {label}
    </>
  );
  return (
    <Button asChild size="sm" variant="outline" flex="1" disabled={!href}>
      {href ? (
        <a href={href} aria-label={ariaLabel} target={newTab ? '_blank' : undefined} rel={newTab ? 'noreferrer' : undefined}>
          {content}
        </a>
      ) : (
        <span aria-disabled="true">{content}</span>
      )}
    </Button>
  );
}

export interface VisitCardProps {
  loan: AllocatedLoan;
  distanceM: number | null;
  currency: Currency | null;
  /** Disposition of the newest visit still in the outbox, if any. */
  queuedDisposition: string | null;
  recordHref: string;
}

export function VisitCard({ loan, distanceM, currency, queuedDisposition, recordHref }: VisitCardProps) {
  const { t, i18n } = useTranslation();
  const tel = telLink(loan.applicant_contact_number);
  const nav = navigateLink(loan);
  const address = [loan.address, loan.city, loan.pincode].filter(Boolean).join(', ');
  return (
    <Card.Root as="li" size="sm" data-testid="visit-card" data-loan-id={loan.loan_id}>
      <Card.Body gap="1.5" p="3">
        <Flex justify="space-between" align="start" gap="2">
          <Box minW="0">
            <Text fontWeight="semibold" truncate>
              {loan.applicant_name ?? t('field.visits.no_name')}
            </Text>
            <Text fontSize="xs" color="fg.muted" truncate>
              {loan.loan_id}
              {loan.bucket ? ` · ${loan.bucket}` : ''}
            </Text>
          </Box>
          <PriorityBadge priority={loan.priority} />
        </Flex>
        <Flex align="baseline" gap="3" wrap="wrap">
          <Text fontWeight="bold" fontSize="lg" data-testid="amount-due">
            {money(loan.total_dues, currency)}
          </Text>
          <Text fontSize="sm" color={loan.dpd !== null && loan.dpd > 90 ? 'red.fg' : 'fg.muted'}>
            {t('field.visits.dpd', { dpd: loan.dpd ?? '—' })}
          </Text>
          {distanceM !== null && (
            <Text fontSize="sm" color="fg.muted" ms="auto">
              {formatDistance(distanceM)}
            </Text>
          )}
        </Flex>
        {address && (
          <Text fontSize="sm" lineClamp={2}>
            {address}
          </Text>
        )}
        <Flex gap="2" align="center" wrap="wrap" fontSize="sm">
          {queuedDisposition ? (
            <Badge colorPalette="blue" data-testid="queued-visit">
              {t('field.visits.queued', { disposition: t(`field.disposition.${queuedDisposition}`, { defaultValue: queuedDisposition }) })}
            </Badge>
          ) : loan.last_disposition ? (
            <Text color="fg.muted">
              {t('field.visits.last_disposition', {
                disposition: t(`field.disposition.${loan.last_disposition}`, { defaultValue: loan.last_disposition }),
                when: formatWhen(loan.last_visit_at, i18n.language),
              })}
            </Text>
          ) : (
            <Text color="fg.muted">{t('field.visits.not_visited')}</Text>
          )}
          {loan.next_visit_date && <Text color="fg.muted">· {t('field.visits.next_visit', { date: loan.next_visit_date })}</Text>}
        </Flex>
        <HStack gap="2" mt="1">
          <ExternalAction href={tel} icon={Phone} label={t('field.visits.call')} ariaLabel={t('field.visits.call_named', { name: loan.applicant_name ?? loan.loan_id })} />
          <ExternalAction href={nav} icon={Navigation} label={t('field.visits.navigate')} newTab />
          <Button asChild size="sm" colorPalette="blue" flex="1.4">
            <RouterLink to={recordHref} aria-label={t('field.visits.record_named', { name: loan.applicant_name ?? loan.loan_id })}>
              <ClipboardPen aria-hidden /> {t('field.visits.record')}
            </RouterLink>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
