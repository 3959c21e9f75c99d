/**
 * `/app/fos-visits` (spec 2 "field-visit verification", label FOS Visits; issue 5 "Visit
 * verification"): the visits of the executives the reviewer may verify, by status, pending (the
 * queue) first, then approved, rejected and all; filtered by flag, executive and check-in day, a
 * page at a time. Choosing a visit opens its review beside the list on a desk, in a drawer on a
 * phone. A decision takes the visit out of the pending list at once and moves on to the next one.
 * Every choice lives in the URL (tab, flag, user_id, from, to, page, visit), so a review can be
 * shared and survives a reload. Shortcuts: J / K next / previous visit, A / R in the review, U
 * undoes the last decision (held UNDO_MS before it is sent, undo-decision.tsx; issue 12).
 */
import { Badge, Box, Button, CloseButton, Drawer, Field, Flex, Grid, Heading, HStack, Input, Kbd, Portal, Stack, Tabs, Text } from '@chakra-ui/react';
import { FilterX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { VerificationItem } from '../../../../domain/contracts/field/verification';
import type { Currency } from '../../../../domain/common/money';
import { VISIT_FLAGS, type VisitFlag } from '../../../../domain/field/geo';
import type { VerificationDecision } from '../../../../domain/field/verification';
import { hasPermission } from '../../../../domain/users/permissions';
import { useShell } from '../../../lib/shell-context';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api';
import { toaster } from '../../../lib/toaster';
import { useIsPhone } from '../../../lib/use-is-phone';
import { formatWhen } from '../format';
import { QUEUE_PAGE_SIZE, VERIFICATION_TABS, decisionInput, useDecideVisit, useExecutiveOptions, useVerificationQueue, type QueueFilters, type VerificationTab } from './api';
import { FilterSelect } from './filter-select';
import { DEFAULT_RECEIPT_DEPOSIT_DAYS } from '../../../../domain/field/verification';
import { ReviewPanel } from './review-panel';
import { isShortcut } from './shortcuts';
import { UndoBanner, useHeldDecision, type HeldDecision } from './undo-decision';
import { VerificationBadge } from './verification-badge';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The screen's state read from the URL; unknown values fall back to the defaults. */
function readFilters(params: URLSearchParams): QueueFilters {
  const tab = params.get('tab');
  const flag = params.get('flag');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  return {
    status: (VERIFICATION_TABS as readonly string[]).includes(tab ?? '') ? (tab as VerificationTab) : 'pending',
    flag: (VISIT_FLAGS as readonly string[]).includes(flag ?? '') ? (flag as VisitFlag) : undefined,
    user_id: params.get('user_id') || undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    page_number: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function QueueRow({ item, selected, onSelect }: { item: VerificationItem; selected: boolean; onSelect: () => void }) {
  const { t, i18n } = useTranslation();
  const { visit, loan, executive } = item;
  return (
    <li>
      <Box
        asChild
        display="block"
        width="full"
        textAlign="start"
        px="3"
        py="2.5"
        borderBottomWidth="1px"
        bg={selected ? 'blue.subtle' : 'bg'}
        borderInlineStartWidth="3px"
        borderInlineStartColor={selected ? 'blue.solid' : 'transparent'}
        _hover={{ bg: selected ? 'blue.subtle' : 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '-2px' }}
        cursor="pointer"
      >
        <button type="button" onClick={onSelect} aria-current={selected ? 'true' : undefined} data-testid="queue-row" data-visit-id={visit.visit_id}>
          <Flex justify="space-between" gap="2" align="start">
            <Box minW="0">
              <Text fontWeight="semibold" truncate>
                {loan.applicant_name ?? loan.loan_id}
              </Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                {loan.loan_id} · {executive.name}
              </Text>
            </Box>
            <VerificationBadge status={visit.verification_status} />
          </Flex>
          <Text fontSize="xs" color="fg.muted" mt="1">
            {formatWhen(visit.checked_in_at, i18n.language)} · {t(`field.disposition.${visit.disposition}`, { defaultValue: visit.disposition })}
          </Text>
          {visit.flags.length > 0 && (
            <Flex gap="1" wrap="wrap" mt="1.5">
              {visit.flags.map((flag) => (
                <Badge key={flag} size="sm" colorPalette="orange" variant="surface">
                  {t(`verification.flag.${flag}`)}
                </Badge>
              ))}
            </Flex>
          )}
        </button>
      </Box>
    </li>
  );
}

export default function FosVisitsPage() {
  const { t } = useTranslation();
  const { companyId, company, permissions, prefix } = useShell();
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const selectedId = params.get('visit');
  const currency: Currency = company?.country_currency_code ?? 'INR';
  const canDecide = hasPermission(permissions, { module: 'fos', action: 'visit_verification', access: 'write' });

  const queue = useVerificationQueue(companyId, filters);
  const pendingCount = useVerificationQueue(companyId, { ...filters, status: 'pending', page_number: 1 });
  const executives = useExecutiveOptions(companyId, permissions);
  const decide = useDecideVisit(companyId);

  // A decision is held for undo before it is sent (undo-decision.tsx); the held visit and the
  // ones being sent are out of the pending list already.
  const [sending, setSending] = useState<readonly string[]>([]);
  const [undone, setUndone] = useState<HeldDecision | null>(null);
  const send = useCallback(
    ({ item, decision, reason }: HeldDecision) => {
      const visitId = item.visit.visit_id;
      setSending((ids) => [...ids, visitId]);
      // A promise, not mutate's callbacks: a decision sent on leaving the screen still reports a failure.
      decide
        .mutateAsync(decisionInput(companyId, visitId, decision, reason))
        .catch((error: unknown) => toaster.create({ type: 'error', title: t('verification.decision_failed'), description: errorMessage(error) }))
        .finally(() => setSending((ids) => ids.filter((id) => id !== visitId)));
    },
    [decide, companyId, t],
  );
  const { held, hold, undo, flush, pause, resume } = useHeldDecision(send);
  // Another tab lists decided visits: what is held is sent first, so it shows there.
  useEffect(() => flush(), [filters.status, flush]);

  const items = useMemo(() => {
    const all = queue.data?.visits ?? [];
    if (filters.status !== 'pending') return all;
    const gone = new Set([...sending, ...(held ? [held.item.visit.visit_id] : [])]);
    return all.filter((item) => !gone.has(item.visit.visit_id));
  }, [queue.data, filters.status, sending, held]);
  const selected = items.find((item) => item.visit.visit_id === selectedId) ?? null;

  /** Sets URL parameters (null removes); any filter change goes back to page 1 and drops the selection. */
  const update = (changes: Record<string, string | null>, keepPage = false) =>
    setParams(
      (p) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') p.delete(key);
          else p.set(key, value);
        }
        if (!keepPage && !('page' in changes)) p.delete('page');
        if (!('visit' in changes)) p.delete('visit');
        return p;
      },
      { replace: true },
    );
  const select = (visitId: string | null) => update({ visit: visitId }, true);

  // On a desk the first visit of the list is open for review unless another is chosen.
  const first = items[0]?.visit.visit_id;
  useEffect(() => {
    if (!isPhone && !selectedId && first && !queue.isPlaceholderData) select(first);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- select is a fresh closure each render; the inputs are listed
  }, [isPhone, selectedId, first, queue.isPlaceholderData]);

  // J / K move through the list (the focus follows, so a screen reader hears the new visit).
  const listRef = useRef<HTMLUListElement>(null);
  const moveRef = useRef<(step: number) => void>(() => undefined);
  moveRef.current = (step: number) => {
    if (items.length === 0) return;
    const at = items.findIndex((item) => item.visit.visit_id === selectedId);
    const next = items[Math.min(items.length - 1, Math.max(0, at === -1 ? 0 : at + step))];
    if (!next) return;
    select(next.visit.visit_id);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-visit-id="${CSS.escape(next.visit.visit_id)}"]`)?.focus();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      if (e.key === 'j' || e.key === 'J') moveRef.current(1);
      else if (e.key === 'k' || e.key === 'K') moveRef.current(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onDecide = (item: VerificationItem, decision: VerificationDecision, reason: string) => {
    const visitId = item.visit.visit_id;
    // Move on at once: the visit leaves the pending list while its decision waits for undo.
    if (filters.status === 'pending') {
      const at = items.findIndex((i) => i.visit.visit_id === visitId);
      const next = items[at + 1] ?? items[at - 1] ?? null;
      select(next ? next.visit.visit_id : null);
    }
    setUndone(null);
    hold({ item, decision, reason });
  };

  const onUndo = () => {
    const back = undo();
    if (!back) return;
    setUndone(back);
    // The visit is back in the list, open for review again, and its row has the focus.
    select(back.item.visit.visit_id);
    window.setTimeout(() => listRef.current?.querySelector<HTMLButtonElement>(`[data-visit-id="${CSS.escape(back.item.visit.visit_id)}"]`)?.focus(), 0);
  };

  const panel = selected ? (
    // Keyed by visit: each visit starts with an empty reason and no error.
    <ReviewPanel
      key={selected.visit.visit_id}
      item={selected}
      companyId={companyId}
      prefix={prefix}
      currency={currency}
      receiptDepositDays={queue.data?.receipt_deposit_days ?? DEFAULT_RECEIPT_DEPOSIT_DAYS}
      canDecide={canDecide}
      deciding={decide.isPending && decide.variables?.params?.visit_id === selected.visit.visit_id}
      onDecide={(decision, reason) => onDecide(selected, decision, reason)}
    />
  ) : null;

  const hasFilters = Boolean(filters.flag || filters.user_id || filters.from || filters.to);
  let list;
  if (queue.isPending) list = <LoadingState />;
  else if (queue.isError) list = <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />;
  else if (items.length === 0)
    list = <EmptyState>{hasFilters ? t('verification.empty_filtered') : t(`verification.empty.${filters.status}`)}</EmptyState>;
  else
    list = (
      <Stack gap="3">
        <Box borderWidth="1px" rounded="md" overflow="hidden" bg="bg" opacity={queue.isPlaceholderData ? 0.6 : 1}>
          <Box as="ul" ref={listRef} listStyleType="none" m="0" p="0" aria-label={t('verification.list_label', { tab: t(`verification.tab.${filters.status}`) })} data-testid="verification-queue">
            {items.map((item) => (
              <QueueRow key={item.visit.visit_id} item={item} selected={item.visit.visit_id === selectedId} onSelect={() => select(item.visit.visit_id)} />
            ))}
          </Box>
        </Box>
        {queue.data.truncated && (
          <Text fontSize="xs" color="fg.muted">
            {t('verification.truncated')}
          </Text>
        )}
        <Pager page={filters.page_number} pageSize={QUEUE_PAGE_SIZE} total={queue.data.total} onPage={(page) => update({ page: String(page) }, true)} />
      </Stack>
    );

  return (
    <Stack gap="5">
      <Flex justify="space-between" align="end" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('verification.title')}
        </Heading>
        {!isPhone && (
          <Text fontSize="xs" color="fg.muted" aria-hidden>
            <Kbd size="sm">J</Kbd>/<Kbd size="sm">K</Kbd> {t('verification.shortcut_move')} · <Kbd size="sm">A</Kbd> {t('verification.approve')} · <Kbd size="sm">R</Kbd> {t('verification.reject')}
          </Text>
        )}
      </Flex>

      <Tabs.Root value={filters.status} onValueChange={(e) => update({ tab: e.value === 'pending' ? null : e.value })} variant="line" lazyMount unmountOnExit>
        <Tabs.List overflowX="auto">
          {VERIFICATION_TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} data-testid={`tab-${tab}`}>
              {t(`verification.tab.${tab}`)}
              {tab === 'pending' && pendingCount.data && (
                <Badge size="sm" colorPalette={pendingCount.data.total > 0 ? 'orange' : 'gray'} ms="1.5" data-testid="pending-count">
                  {Math.max(0, pendingCount.data.total - (held ? 1 : 0))}
                </Badge>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {VERIFICATION_TABS.map((tab) => (
          <Tabs.Content key={tab} value={tab}>
            <Stack gap="4">
              <Flex role="group" gap="3" wrap="wrap" align="end" aria-label={t('verification.filters')}>
                <FilterSelect
                  label={t('verification.filter_flag')}
                  value={filters.flag ?? ''}
                  onChange={(flag) => update({ flag: flag || null })}
                  anyLabel={t('verification.any_flag')}
                  options={VISIT_FLAGS.map((flag) => ({ value: flag, label: t(`verification.flag.${flag}`) }))}
                  width={{ base: 'full', sm: '52' }}
                  testId="filter-flag"
                />
                {(executives.data?.length ?? 0) > 0 && (
                  <FilterSelect
                    label={t('verification.filter_executive')}
                    value={filters.user_id ?? ''}
                    onChange={(userId) => update({ user_id: userId || null })}
                    anyLabel={t('verification.any_executive')}
                    options={(executives.data ?? []).map((x) => ({ value: x.user_id, label: x.name }))}
                    width={{ base: 'full', sm: '56' }}
                    testId="filter-executive"
                  />
                )}
                <Field.Root width={{ base: 'calc(50% - 0.375rem)', sm: '40' }}>
                  <Field.Label>{t('verification.filter_from')}</Field.Label>
                  <Input size="sm" type="date" value={filters.from ?? ''} max={filters.to} onChange={(e) => update({ from: e.currentTarget.value || null })} />
                </Field.Root>
                <Field.Root width={{ base: 'calc(50% - 0.375rem)', sm: '40' }}>
                  <Field.Label>{t('verification.filter_to')}</Field.Label>
                  <Input size="sm" type="date" value={filters.to ?? ''} min={filters.from} onChange={(e) => update({ to: e.currentTarget.value || null })} />
                </Field.Root>
                {hasFilters && (
                  <Button size="sm" variant="ghost" onClick={() => update({ flag: null, user_id: null, from: null, to: null })}>
                    <FilterX aria-hidden /> {t('verification.clear_filters')}
                  </Button>
                )}
              </Flex>

              {isPhone ? (
                list
              ) : (
                <Grid templateColumns="minmax(18rem, 2fr) 3fr" gap="5" alignItems="start">
                  {list}
                  <Box position="sticky" top="20" maxH="calc(100dvh - 6rem)" overflowY="auto" rounded="md">
                    {panel ?? (items.length > 0 && <EmptyState>{t('verification.choose_visit')}</EmptyState>)}
                  </Box>
                </Grid>
              )}
            </Stack>
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {isPhone && (
        <Drawer.Root open={Boolean(selected)} onOpenChange={(e) => !e.open && select(null)} placement="bottom" size="full">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content>
                <Drawer.Header>
                  <Drawer.Title>{t('verification.review_title')}</Drawer.Title>
                </Drawer.Header>
                <Drawer.Body px="2" pb="0">
                  {panel}
                </Drawer.Body>
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('common.close')} />
                </Drawer.CloseTrigger>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <UndoBanner held={held} undone={undone} onUndo={onUndo} onPause={pause} onResume={resume} />
      <HStack srOnly aria-live="polite">
        {decide.isPending ? t('verification.deciding') : ''}
      </HStack>
    </Stack>
  );
}
