/**
 * One loan of the day plan (issue 4 "each card shows name, amount due, dpd, address, last
 * disposition, and offers call, navigate, and record visit"). Styled by visit-card.css, not Chakra
 * style props: see there why.
 */
import { ClipboardPen, Navigation, Phone, type LucideIcon } from 'lucide-react';
import type { TFunction } from 'i18next';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AllocatedLoan } from '../../../../domain/contracts/field/visits';
import type { Currency } from '../../../../domain/common/money';
import { formatWhen, minorOf, moneyMinor } from '../format';
import './visit-card.css';
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
    <span className="vc-badge" data-palette={PRIORITY_COLOUR[priority - 1] ?? 'gray'} title={t('field.visits.priority_title')}>
      {t('field.visits.priority', { priority })}
    </span>
  );
}

/** A card action leaving the app (dialler, maps); shown disabled when there is nothing to open. */
function ExternalAction({ href, icon: IconType, label, ariaLabel, newTab }: { href: string | null; icon: LucideIcon; label: string; ariaLabel?: string; newTab?: boolean }) {
  const content = (
    <>
      <IconType aria-hidden /> {label}
    </>
  );
  return href ? (
    <a className="vc-action" href={href} aria-label={ariaLabel} target={newTab ? '_blank' : undefined} rel={newTab ? 'noreferrer' : undefined}>
      {content}
    </a>
  ) : (
    <span className="vc-action" aria-disabled="true">
      {content}
    </span>
  );
}

/**
 * The card texts that are the same on every card, translated once for the list, and the list's
 * `t` for the rest: 40 cards each subscribing to i18next and translating the same six labels
 * were a fifth of the day list's script time on a phone (issue 18 TBT).
 */
export interface CardText {
  t: TFunction;
  language: string;
  noName: string;
  priorityTitle: string;
  notVisited: string;
  call: string;
  navigate: string;
  record: string;
}

/** The cards' shared texts in the current language (a new object only when the language changes). */
export function useCardText(): CardText {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      t,
      language,
      noName: t('field.visits.no_name'),
      priorityTitle: t('field.visits.priority_title'),
      notVisited: t('field.visits.not_visited'),
      call: t('field.visits.call'),
      navigate: t('field.visits.navigate'),
      record: t('field.visits.record'),
    }),
    [t, language],
  );
}

export interface VisitCardProps {
  loan: AllocatedLoan;
  /** The list's shared texts (useCardText). */
  text: CardText;
  distanceM: number | null;
  currency: Currency | null;
  /** Disposition of the newest visit still in the outbox, if any. */
  queuedDisposition: string | null;
  /** The visit form's path; the list must route clicks on it (inAppClickHref). */
  recordHref: string;
}

function VisitCardView({ loan, text, distanceM, currency, queuedDisposition, recordHref }: VisitCardProps) {
  const { t } = text;
  const tel = telLink(loan.applicant_contact_number);
  const nav = navigateLink(loan);
  const address = [loan.address, loan.city, loan.pincode].filter(Boolean).join(', ');
  const palette = PRIORITY_COLOUR[loan.priority - 1] ?? 'gray';
  return (
    <li className="vc-card" data-testid="visit-card" data-loan-id={loan.loan_id}>
      <div className="vc-head">
        <div>
          <p className="vc-name">{loan.applicant_name ?? text.noName}</p>
          <p className="vc-id">
            {loan.loan_id}
            {loan.bucket ? ` · ${loan.bucket}` : ''}
          </p>
        </div>
        <span className="vc-badge" data-palette={palette} title={text.priorityTitle}>
          {t('field.visits.priority', { priority: loan.priority })}
        </span>
      </div>
      <div className="vc-dues">
        <span className="vc-amount" data-testid="amount-due">
          {moneyMinor(minorOf(loan.total_dues_minor, loan.total_dues), currency)}
        </span>
        <span className={loan.dpd !== null && loan.dpd > 90 ? 'vc-dpd-late' : undefined}>{t('field.visits.dpd', { dpd: loan.dpd ?? '—' })}</span>
        {distanceM !== null && <span className="vc-distance">{formatDistance(distanceM)}</span>}
      </div>
      {address && <p className="vc-address">{address}</p>}
      <div className="vc-row vc-muted">
        {queuedDisposition ? (
          <span className="vc-badge" data-palette="queued" data-testid="queued-visit">
            {t('field.visits.queued', { disposition: t(`field.disposition.${queuedDisposition}`, { defaultValue: queuedDisposition }) })}
          </span>
        ) : loan.last_disposition ? (
          <span>
            {t('field.visits.last_disposition', {
              disposition: t(`field.disposition.${loan.last_disposition}`, { defaultValue: loan.last_disposition }),
              when: formatWhen(loan.last_visit_at, text.language),
            })}
          </span>
        ) : (
          <span>{text.notVisited}</span>
        )}
        {loan.next_visit_date && <span>· {t('field.visits.next_visit', { date: loan.next_visit_date })}</span>}
      </div>
      <div className="vc-actions">
        <ExternalAction href={tel} icon={Phone} label={text.call} ariaLabel={t('field.visits.call_named', { name: loan.applicant_name ?? loan.loan_id })} />
        <ExternalAction href={nav} icon={Navigation} label={text.navigate} newTab />
        {/* The list routes this in-app link (one click handler for all cards: navigation.ts inAppClickHref). */}
        <a className="vc-action vc-action-primary" href={recordHref} data-in-app aria-label={t('field.visits.record_named', { name: loan.applicant_name ?? loan.loan_id })}>
          <ClipboardPen aria-hidden /> {text.record}
        </a>
      </div>
    </li>
  );
}

/**
 * Every IndexedDB read of the allocation yields new loan objects, so cards compare the loan's values:
 * a refresh, a queued visit or a new GPS fix re-renders only the cards whose content changed.
 */
function sameCard(a: VisitCardProps, b: VisitCardProps): boolean {
  return (
    a.text === b.text &&
    a.distanceM === b.distanceM &&
    a.currency === b.currency &&
    a.queuedDisposition === b.queuedDisposition &&
    a.recordHref === b.recordHref &&
    (a.loan === b.loan || JSON.stringify(a.loan) === JSON.stringify(b.loan))
  );
}

export const VisitCard = memo(VisitCardView, sameCard);
