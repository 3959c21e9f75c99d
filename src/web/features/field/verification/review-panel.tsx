/**
 * The review of one visit (issue 5 "Selecting a visit opens a review panel"): who went where and
 * when, the flags with a reason each, the check-in against the address on a small map, the photos,
 * what the executive recorded, and, for a pending visit and a reviewer with visit_verification
 * write, Approve / Reject with a reason (required to reject, markup refused: spec 5). A decided
 * visit shows who decided, when and why. Shortcuts A (approve) and R (reject) while the focus is
 * not in a text field.
 */
import { Alert, Badge, Box, Button, Card, DataList, Field, Flex, Heading, HStack, Kbd, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { Check, MapPinOff, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { VerificationItem } from '../../../../domain/contracts/field/verification';
import { formatDate } from '../../../../domain/common/dates';
import { formatMinor, toMinor, type Currency } from '../../../../domain/common/money';
import { decisionProblem, DECISION_MARKUP_MESSAGE, REJECT_REASON_REQUIRED, type VerificationDecision } from '../../../../domain/field/verification';
import { LoadingState } from '../../../components/query-state';
import { SCREENS, screenLink } from '../../portfolio/public';
import { flagReasons } from './flag-reasons';
import { isShortcut } from './shortcuts';
import { VerificationBadge } from './verification-badge';
import { VisitPhotos } from './visit-photos';

const VisitReviewMap = lazy(() => import('./visit-review-map'));

const PROBLEM_KEYS: Record<string, string> = {
  [REJECT_REASON_REQUIRED]: 'verification.reason_required',
  [DECISION_MARKUP_MESSAGE]: 'verification.reason_markup',
};

export interface ReviewPanelProps {
  item: VerificationItem;
  companyId: string | null;
  prefix: string;
  currency: Currency;
  /** The server's days before an undeposited receipt is flagged (the queue's receipt_deposit_days). */
  receiptDepositDays: number;
  /** The reviewer may decide (fos › visit_verification write). */
  canDecide: boolean;
  /** A decision of this visit is on its way. */
  deciding: boolean;
  onDecide: (decision: VerificationDecision, reason: string) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2" aria-label={title}>
      <Heading as="h3" size="sm" color="fg.muted" textTransform="uppercase" letterSpacing="wide" fontSize="xs">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

export function ReviewPanel({ item, companyId, prefix, currency, receiptDepositDays, canDecide, deciding, onDecide }: ReviewPanelProps) {
  const { t } = useTranslation();
  const { visit, loan, executive, receipt } = item;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();
  const pending = visit.verification_status === 'pending';
  const decidable = pending && canDecide;

  const decide = (decision: VerificationDecision) => {
    const found = decisionProblem(decision, reason);
    if (found) {
      setProblem(PROBLEM_KEYS[found] ?? found);
      reasonRef.current?.focus();
      return;
    }
    setProblem(null);
    onDecide(decision, reason);
  };

  // Shortcuts A / R (issue 5 "keyboard shortcuts are a plus"), shown on the buttons.
  const decideRef = useRef(decide);
  decideRef.current = decide;
  useEffect(() => {
    if (!decidable) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      const key = e.key.toLowerCase();
      if (key === 'a') {
        e.preventDefault();
        decideRef.current('approved');
      } else if (key === 'r') {
        e.preventDefault();
        decideRef.current('rejected');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decidable]);

  const reasons = flagReasons(item, currency, receiptDepositDays);
  const checkIn = visit.latitude !== null && visit.longitude !== null ? { lat: visit.latitude, lng: visit.longitude } : null;
  const address = loan.latitude !== null && loan.longitude !== null ? { lat: loan.latitude, lng: loan.longitude } : null;
  const amount = (minor: number | null | undefined, major: number | null) => {
    const value = minor ?? (major === null ? null : toMinor(major));
    return value === null ? null : formatMinor(value, currency);
  };
  const fields: Array<[string, string | null]> = [
    [t('verification.field.person_met'), t(`field.person_met.${visit.person_met}`, { defaultValue: visit.person_met })],
    [t('verification.field.disposition'), t(`field.disposition.${visit.disposition}`, { defaultValue: visit.disposition })],
    [t('verification.field.ptp_date'), visit.ptp_date ? formatDate(visit.ptp_date) : null],
    [t('verification.field.ptp_amount'), amount(visit.ptp_amount_minor, visit.ptp_amount)],
    [t('verification.field.amount_collected'), amount(visit.amount_collected_minor, visit.amount_collected)],
    [t('verification.field.callback_at'), visit.callback_at ? formatDate(visit.callback_at, { withTime: true }) : null],
    [t('verification.field.dispute_reason'), visit.dispute_reason],
    [t('verification.field.new_address'), visit.new_address],
    [t('verification.field.next_visit_date'), visit.next_visit_date ? formatDate(visit.next_visit_date) : null],
    [t('verification.field.remarks'), visit.remarks || null],
  ];
  const shownFields = fields.filter(([, value], i) => value !== null || i < 2 || i === fields.length - 1);

  return (
    <Card.Root data-testid="review-panel" size="sm" variant="outline">
      <Card.Body gap="5">
        <Stack gap="1">
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <Heading as="h2" size="lg" id={`review-${visit.visit_id}`}>
              {loan.applicant_name ?? loan.loan_id}
            </Heading>
            <VerificationBadge status={visit.verification_status} size="md" />
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            <Link asChild color="blue.fg">
              <RouterLink to={screenLink(prefix, SCREENS.loanDetails, companyId, { loan_id: loan.loan_id, allocation_month: loan.allocation_month })}>{loan.loan_id}</RouterLink>
            </Link>
            {' · '}
            {[loan.address, loan.city, loan.pincode].filter(Boolean).join(', ') || t('verification.no_address')}
          </Text>
          <Text fontSize="sm">
            {t('verification.visited_by', { name: executive.name, when: formatDate(visit.checked_in_at, { withTime: true }) })}
            {executive.team ? ` · ${executive.team}` : ''}
          </Text>
          {loan.total_dues_paise !== null && (
            <Text fontSize="sm" color="fg.muted">
              {t('verification.dues', { amount: formatMinor(loan.total_dues_paise, currency) })}
            </Text>
          )}
        </Stack>

        {!pending && visit.verification_status !== 'not_required' && (
          <Alert.Root status={visit.verification_status === 'approved' ? 'success' : 'error'} data-testid="decision-info">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {t(visit.verification_status === 'approved' ? 'verification.approved_by' : 'verification.rejected_by', {
                  name: visit.verified_by_name ?? visit.verified_by ?? '—',
                  when: formatDate(visit.verified_at, { withTime: true }) || '—',
                })}
              </Alert.Title>
              {visit.verification_reason && <Alert.Description>{visit.verification_reason}</Alert.Description>}
            </Alert.Content>
          </Alert.Root>
        )}

        <Section title={t('verification.flags_title')}>
          {reasons.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('verification.no_flags')}
            </Text>
          ) : (
            <Stack as="ul" gap="1.5" listStyleType="none" m="0" p="0" data-testid="flag-reasons">
              {reasons.map((r) => (
                <HStack as="li" key={r.flag} align="start" gap="2">
                  <Badge colorPalette="orange" flexShrink={0}>
                    {t(`verification.flag.${r.flag}`)}
                  </Badge>
                  <Text fontSize="sm">{t(r.key, r.values)}</Text>
                </HStack>
              ))}
            </Stack>
          )}
        </Section>

        <Section title={t('verification.location_title')}>
          {checkIn || address ? (
            <Suspense fallback={<LoadingState />}>
              <VisitReviewMap checkIn={checkIn} accuracyM={visit.accuracy_m} address={address} distanceM={visit.distance_m} />
            </Suspense>
          ) : (
            <HStack color="fg.muted" fontSize="sm">
              <MapPinOff aria-hidden size={16} />
              <Text>{t('verification.map.none')}</Text>
            </HStack>
          )}
          {checkIn && !address && <Text fontSize="xs" color="fg.muted">{t('verification.map.no_address_point')}</Text>}
        </Section>

        <Section title={t('verification.photos_title')}>
          <VisitPhotos companyId={companyId} visitId={visit.visit_id} urls={visit.photo_urls} />
        </Section>

        <Section title={t('verification.form_title')}>
          <DataList.Root orientation="horizontal" size="sm" data-testid="visit-fields">
            {shownFields.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
                <DataList.ItemValue whiteSpace="pre-wrap">{value ?? '—'}</DataList.ItemValue>
              </DataList.Item>
            ))}
            <DataList.Item>
              <DataList.ItemLabel minW="36">{t('verification.field.receipt')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {receipt
                  ? t('verification.receipt_line', {
                      number: receipt.receipt_number,
                      amount: formatMinor(receipt.amount_paise, currency),
                      mode: receipt.payment_mode,
                      state: t(receipt.deposited ? 'verification.deposited' : 'verification.not_deposited'),
                    })
                  : (visit.receipt_number ?? '—')}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Section>

        {decidable && (
          // Sticky at the bottom of the scrolling panel, so the decision is always at hand.
          <Box role="group" borderTopWidth="1px" pt="3" pb="1" aria-label={t('verification.decision_title')} position="sticky" bottom="0" bg="bg" zIndex="1" mx="-3" px="3">
            <Stack gap="3">
              <Field.Root invalid={Boolean(problem)}>
                <Field.Label htmlFor={reasonId}>{t('verification.reason_label')}</Field.Label>
                <Textarea
                  id={reasonId}
                  ref={reasonRef}
                  value={reason}
                  maxLength={500}
                  rows={2}
                  placeholder={t('verification.reason_placeholder')}
                  onChange={(e) => {
                    setReason(e.currentTarget.value);
                    if (problem) setProblem(null);
                  }}
                  data-testid="decision-reason"
                />
                {problem ? <Field.ErrorText data-testid="decision-problem">{t(problem)}</Field.ErrorText> : <Field.HelperText>{t('verification.reason_help')}</Field.HelperText>}
              </Field.Root>
              <HStack gap="2" wrap="wrap">
                <Button colorPalette="green" onClick={() => decide('approved')} loading={deciding} aria-keyshortcuts="A" data-testid="approve-visit">
                  <Check aria-hidden /> {t('verification.approve')} <Kbd size="sm" hideBelow="md">A</Kbd>
                </Button>
                <Button colorPalette="red" variant="outline" onClick={() => decide('rejected')} loading={deciding} aria-keyshortcuts="R" data-testid="reject-visit">
                  <X aria-hidden /> {t('verification.reject')} <Kbd size="sm" hideBelow="md">R</Kbd>
                </Button>
              </HStack>
            </Stack>
          </Box>
        )}
        {pending && !canDecide && (
          <Text fontSize="sm" color="fg.muted">
            {t('verification.read_only')}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
