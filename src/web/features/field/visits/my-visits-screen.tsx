/**
 * My visits (`/app/visit-details`, issue 4 "Screens under 768 px"): the executive's allocated loans
 * for the day from the phone's copy (IndexedDB), refreshed when online, as a list and on a map, ordered
 * by the day plan (priority, then distance from where the executive stands). Works offline: loans,
 * queued visits and the map's cached tiles all come from the phone. Plain React and CSS
 * (visit-card.css): the route's first screen renders without Chakra UI (issue 4 benchmarks).
 */
import { List, Map as MapIcon, RefreshCw } from 'lucide-react';
import { lazy, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { firstScreenShown } from '../../../lib/idle';
import { inAppClickHref } from '../../../lib/navigation';
import { useShell } from '../../../lib/shell-context';
import { WithChakra } from '../../../components/with-chakra';
import { EmptyState, InlineAlert, LoadingState, Spinner } from '../../../components/plain';
import { startAllocationDownload, useAllocationRefresh, useCachedAllocation, useOutbox } from '../field-data';
import { formatWhen } from '../format';
import { currentPosition } from '../gps';
import { queuedDispositions } from '../queued';
import { useOnline } from '../shell/sync-bar';
import { useFieldIdentity } from '../use-field-identity';
import { useCardText, VisitCard, visitFormLink } from './visit-card';
import { planVisits, type LatLng } from './visit-plan';

// Leaflet (~45 KB gzipped) and Chakra, which the map's popups use, load only when the map is opened.
const VisitsMap = lazy(() => import('./visits-map'));

// The day's loans start downloading as soon as this screen's chunk arrives, alongside the profile.
startAllocationDownload();

/** Cards in the first paint (a 390x844 phone shows two and a half under the header) and added per later step: small steps keep each commit short on a slow CPU. */
const FIRST_CARDS = 3;
const CARDS_PER_STEP = 4;

/**
 * How many of `total` cards to render now: the first screenful at once, then a few more per step
 * in a transition, which React renders in slices between frames. A cheap phone building a day of
 * 40+ cards in one go froze for half a second; this way the first cards show sooner and a tap
 * is answered while the rest of the list builds.
 */
function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_CARDS);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + CARDS_PER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

type View = 'list' | 'map';
const VIEWS: readonly View[] = ['list', 'map'];

/**
 * The list / map switch: a WAI-ARIA tablist (automatic activation, arrow keys, Home/End, roving
 * tabindex) controlling the panel `panelId`.
 */
function ViewTabs({ view, onChange, panelId }: { view: View; onChange: (view: View) => void; panelId: string }) {
  const { t } = useTranslation();
  const refs = useRef<Partial<Record<View, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = VIEWS.indexOf(view);
    // Right-to-left pages (the RTL English option) mirror the arrow keys, as the tabs are mirrored.
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: View | undefined;
    if (step !== undefined) next = VIEWS[(at + step + VIEWS.length) % VIEWS.length];
    else if (event.key === 'Home') next = VIEWS[0];
    else if (event.key === 'End') next = VIEWS[VIEWS.length - 1];
    if (!next) return;
    event.preventDefault();
    onChange(next);
    refs.current[next]?.focus();
  };
  const icons = { list: <List size={14} aria-hidden />, map: <MapIcon size={14} aria-hidden /> };
  return (
    <div className="vs-tabs" role="tablist" aria-label={t('field.visits.view')} onKeyDown={onKeyDown}>
      {VIEWS.map((v) => (
        <button
          key={v}
          ref={(el) => {
            refs.current[v] = el;
          }}
          type="button"
          role="tab"
          className="vs-tab"
          id={`${panelId}-${v}`}
          aria-selected={view === v}
          aria-controls={panelId}
          tabIndex={view === v ? 0 : -1}
          onClick={() => onChange(v)}
        >
          {icons[v]} {t(`field.visits.${v}`)}
        </button>
      ))}
    </div>
  );
}

export default function MyVisitsScreen() {
  const { t, i18n } = useTranslation();
  const { companyId, prefix } = useShell();
  const { userId, ready } = useFieldIdentity();
  const online = useOnline();
  const allocation = useCachedAllocation(userId, companyId);
  const outbox = useOutbox(userId, companyId);
  const refresh = useAllocationRefresh(userId, companyId);
  const [here, setHere] = useState<LatLng | null>(null);
  const [view, setView] = useState<View>('list');
  const navigate = useNavigate();

  useEffect(() => {
    let alive = true;
    void currentPosition().then((p) => {
      if (alive) setHere(p);
    });
    return () => {
      alive = false;
    };
  }, []);

  const plan = useMemo(() => planVisits(allocation?.loans ?? [], here), [allocation, here]);
  const queued = useMemo(() => queuedDispositions(outbox ?? []), [outbox]);
  const currency = allocation?.currency ?? null;
  const record = (loanId: string) => visitFormLink(prefix, companyId, loanId);
  const shown = useProgressiveCount(plan.length);
  const cardText = useCardText();
  // The day is on screen (cards, an empty day, or why there is none): the shell's start-up work
  // (the first outbox drain) may load and run after the next frame (lib/idle.ts afterFirstPaint).
  const settled = ready && allocation !== undefined && !(!allocation.syncedAt && refresh.isFetching);
  useEffect(() => {
    if (!settled) return;
    const frame = requestAnimationFrame(() => setTimeout(firstScreenShown, 0));
    return () => cancelAnimationFrame(frame);
  }, [settled]);

  let body;
  if (!ready || allocation === undefined) body = <LoadingState />;
  else if (!userId) body = <EmptyState>{t('field.visits.signed_out')}</EmptyState>;
  else if (!allocation.syncedAt && refresh.isFetching) body = <LoadingState label={t('field.visits.downloading')} />;
  else if (!allocation.syncedAt)
    body = <InlineAlert status="warning">{online ? t('field.visits.download_failed') : t('field.visits.never_synced')}</InlineAlert>;
  else if (plan.length === 0) body = <EmptyState>{t('field.visits.empty')}</EmptyState>;
  else if (view === 'map')
    body = (
      <WithChakra fallback={<LoadingState label={t('field.visits.loading_map')} />}>
        <VisitsMap plan={plan} here={here} currency={currency} recordHref={record} queued={queued} />
      </WithChakra>
    );
  else
    body = (
      <ul
        className="mv-list"
        aria-label={t('field.visits.list_label')}
        aria-busy={shown < plan.length}
        onClick={(event) => {
          const href = inAppClickHref(event);
          if (!href) return;
          event.preventDefault();
          navigate(href);
        }}
      >
        {plan.slice(0, shown).map(({ loan, distanceM }) => (
          <VisitCard key={loan.loan_id} loan={loan} text={cardText} distanceM={distanceM} currency={currency} queuedDisposition={queued.get(loan.loan_id) ?? null} recordHref={record(loan.loan_id)} />
        ))}
      </ul>
    );

  return (
    <div className="mv-screen">
      <div className="mv-head">
        <div className="mv-title">
          <h1>{t('field.visits.title')}</h1>
          {/* The line is kept (empty) until the first download, so the list below does not jump
              when the summary arrives (CLS). */}
          {allocation?.syncedAt ? (
            <p className="mv-summary" data-testid="allocation-summary">
              {t('field.visits.summary', { count: plan.length, when: formatWhen(allocation.syncedAt, i18n.language) })}
            </p>
          ) : (
            <p className="mv-summary" aria-hidden>
              {'\u00a0'}
            </p>
          )}
        </div>
        <button
          type="button"
          className="ro-btn ro-icon-btn"
          data-variant="ghost"
          data-size="sm"
          aria-label={t('field.visits.refresh')}
          aria-busy={refresh.isFetching || undefined}
          disabled={!online || !userId || refresh.isFetching}
          onClick={() => void refresh.refetch()}
        >
          {refresh.isFetching ? <Spinner /> : <RefreshCw size={18} aria-hidden />}
        </button>
      </div>
      <ViewTabs view={view} onChange={setView} panelId="my-visits-panel" />
      <div id="my-visits-panel" role="tabpanel" aria-labelledby={`my-visits-panel-${view}`}>
        {/* Inside the panel, so its arrival with the day's loans does not push the panel down. */}
        {here === null && plan.length > 0 && <p className="mv-hint">{t('field.visits.no_position')}</p>}
        {body}
      </div>
    </div>
  );
}
