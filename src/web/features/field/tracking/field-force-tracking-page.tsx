/**
 * Field Force Tracking (spec 2 `/app/field-force-tracking` and `/app/field-force-tracking_v2`;
 * issue 5 "Field-force tracking"; needs fos › field_force_tracking read): where the team is now
 * and where one executive went on a day.
 *
 * - The executives of the caller's reports-to scope on a clustered map and in a side list synced
 *   with it (GET /api/fos/tracking/last-positions; filters team, territory, profession on the
 *   server, name search and freshness on the phone), fresh / stale / offline drawn differently
 *   (tracking-symbols.tsx) with counts and a legend.
 * - Live: position events over Server-Sent Events (use-live-positions.ts) move markers in place;
 *   freshness re-ages every 30 s; a "Live" / "Reconnecting" indicator.
 * - A trail: `?user_id=&date=` (shareable) shows GET /api/fos/tracking/trail: the path, numbered
 *   visits, stops with time spent, distance, and the timeline (trail-panel.tsx).
 *
 * One component, two layouts (`layout` prop): 'classic' (v1 path: header, filter bar, list beside
 * the map) and 'map-first' (the `_v2` path: the map full-bleed under the header with a floating
 * side panel). On phones (≤768 px) both stack the map above the panel.
 *
 * A desktop lazy chunk (`-page`, emitted under assets/lazy and left out of the precache: it needs
 * the network anyway), so Leaflet and the list virtualiser load only here.
 */
import { Alert, Box, Button, Card, Flex, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Search, SlidersHorizontal } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ExecutivePosition, PositionEvent } from '../../../../domain/contracts/field/tracking';
import { type Freshness } from '../../../../domain/field/tracking';
import { hasPermission, PROFESSIONS } from '../../../../domain/users/permissions';
import { useShell } from '../../../lib/shell-context';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useMapTileUrl } from '../field-data';
import { useUserFilters } from '../../users/public';
import { FilterSelect } from '../verification/filter-select';
import { lastPositionsKey, trailKey, useLastPositions, useTrail, type TrackingFilters } from './api';
import { ExecutiveList } from './executive-list';
import TrackingMap, { type FocusRequest } from './tracking-map';
import { ageParts, countByFreshness, dayIn, filterOptionsOf, formatClock, mergeLive, visibleExecutives } from './tracking-model';
import { LiveIndicator, MapLegend } from './tracking-symbols';
import { Counts, PanelBox, SelectedCard, useNow, useTopOffset } from './tracking-parts';
import { TrailPanel } from './trail-panel';
import { useLivePositions } from './use-live-positions';

export type TrackingLayout = 'classic' | 'map-first';

const DEFAULT_FILTERS: TrackingFilters = { team: '', territory: '', profession: 'field executive' };
/** The floating panel's width plus its margin (map-first layout), so fitted points are not under it. */
const PANEL_ROOM_PX = 24 * 16 + 24;
/** How often freshness and "minutes ago" are re-aged without new data (ms). */
const REAGE_MS = 30_000;

export default function FieldForceTrackingPage({ layout = 'classic' }: { layout?: TrackingLayout }) {
  const { t, i18n } = useTranslation();
  const { companyId, permissions } = useShell();
  const isPhone = useIsPhone();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const trailUser = params.get('user_id');
  const trailDateParam = params.get('date');

  const [filters, setFilters] = useState<TrackingFilters>(DEFAULT_FILTERS);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [shown, setShown] = useState<ReadonlySet<Freshness>>(() => new Set());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const [focusVisit, setFocusVisit] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const positions = useLastPositions(companyId, filters);
  const tiles = useMapTileUrl();
  const now = useNow(REAGE_MS);
  const zone = positions.data?.time_zone;
  const today = dayIn(zone, new Date(now));
  const trailDate = trailUser ? (trailDateParam ?? today) : null;
  const trail = useTrail(companyId, trailUser, trailDate);

  const onEvents = useCallback(
    (events: PositionEvent[]) => {
      if (trailUser && trailDate === today && events.some((e) => e.user_id === trailUser)) void client.invalidateQueries({ queryKey: trailKey(companyId, trailUser, trailDate) });
    },
    [client, companyId, trailUser, trailDate, today],
  );
  const onReconnected = useCallback(() => void client.invalidateQueries({ queryKey: lastPositionsKey(companyId) }), [client, companyId]);
  const { status, live } = useLivePositions(companyId, Boolean(companyId), onEvents, onReconnected);

  const executives = useMemo(() => mergeLive(positions.data?.executives ?? [], live, now), [positions.data, live, now]);
  const counts = useMemo(() => countByFreshness(executives), [executives]);
  const visible = useMemo(() => visibleExecutives(executives, deferredSearch, shown), [executives, deferredSearch, shown]);
  const selected = useMemo(() => executives.find((e) => e.user_id === selectedId) ?? null, [executives, selectedId]);

  // Filter choices: the user directory's when the caller may read it, plus what the list holds.
  const directory = useUserFilters(hasPermission(permissions, { module: 'User Management Module', action: 'users', access: 'read' }) ? companyId : null);
  const options = useMemo(() => {
    const found = filterOptionsOf(positions.data?.executives ?? []);
    const merge = (a: readonly string[] | undefined, b: string[]) => [...new Set([...(a ?? []), ...b])].sort((x, y) => x.localeCompare(y));
    return { teams: merge(directory.data?.filters.teams, found.teams), territories: merge(directory.data?.filters.locations, found.territories) };
  }, [directory.data, positions.data]);

  const statusLine = useCallback(
    (e: ExecutivePosition) => {
      const state = t(`tracking.freshness.${e.freshness}`);
      if (e.minutes_since === null) return `${state} · ${t('tracking.list.no_position')}`;
      if (e.minutes_since < 1) return `${state} · ${t('tracking.ago.now')}`;
      const age = ageParts(e.minutes_since);
      return `${state} · ${t(`tracking.ago.${age.unit}`, { count: age.count })}`;
    },
    [t],
  );
  const describeCluster = useCallback((c: Record<Freshness, number>, total: number) => t('tracking.map.cluster', { count: total, fresh: c.fresh, stale: c.stale, offline: c.offline }), [t]);

  const pick = (userId: string) => {
    setSelectedId(userId);
    setFocus({ userId, nonce: Date.now() });
  };
  const openTrail = (userId: string, date = today) => {
    const next = new URLSearchParams(params);
    next.set('user_id', userId);
    next.set('date', date);
    setFocusVisit(null);
    setParams(next);
  };
  const closeTrail = () => {
    const next = new URLSearchParams(params);
    next.delete('user_id');
    next.delete('date');
    setParams(next);
  };
  const toggleShown = (f: Freshness) =>
    setShown((s) => {
      const next = new Set(s);
      if (next.has(f)) next.delete(f);
      else next.add(f);
      return next;
    });
  const setFilter = (key: keyof TrackingFilters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setSelectedId(null);
  };

  const fitKey = `${companyId}|${filters.team}|${filters.territory}|${filters.profession}|${[...shown].join()}|${deferredSearch}|${positions.data ? (positions.isPlaceholderData ? 'p' : 'r') : '-'}`;
  const inTrail = Boolean(trailUser && trailDate);
  const trailName = executives.find((e) => e.user_id === trailUser)?.name ?? trail.data?.name ?? '';

  // ---------------------------------------------------------------- pieces

  const filterWidth = { base: 'full', sm: '44' };
  const filterFields = (
    <Flex gap="2" wrap="wrap" align="end">
      <FilterSelect
        label={t('tracking.filters.team')}
        value={filters.team}
        onChange={setFilter('team')}
        anyLabel={t('tracking.filters.any_team')}
        options={options.teams.map((v) => ({ value: v, label: v }))}
        width={filterWidth}
      />
      <FilterSelect
        label={t('tracking.filters.territory')}
        value={filters.territory}
        onChange={setFilter('territory')}
        anyLabel={t('tracking.filters.any_territory')}
        options={options.territories.map((v) => ({ value: v, label: v }))}
        width={filterWidth}
      />
      {/* The server's default profession is the first choice ('' = field executive). */}
      <FilterSelect
        label={t('tracking.filters.profession')}
        value={filters.profession === DEFAULT_FILTERS.profession ? '' : filters.profession}
        onChange={(v) => setFilter('profession')(v || DEFAULT_FILTERS.profession)}
        anyLabel={t(`profession.${DEFAULT_FILTERS.profession}`)}
        options={PROFESSIONS.filter((p) => p !== DEFAULT_FILTERS.profession).map((p) => ({ value: p, label: t(`profession.${p}`) }))}
        width={filterWidth}
      />
    </Flex>
  );

  const searchField = (
    <Box position="relative" flex="1" minW="48">
      <Box position="absolute" insetStart="2.5" top="50%" transform="translateY(-50%)" color="fg.muted" pointerEvents="none" zIndex="1">
        <Search size={16} aria-hidden />
      </Box>
      <Input size="sm" ps="8" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('tracking.filters.search_placeholder')} aria-label={t('tracking.filters.search')} data-testid="tracking-search" />
    </Box>
  );

  const staleData = positions.isError && positions.data && (
    <Alert.Root status="warning" size="sm">
      <Alert.Indicator />
      <Alert.Description>{t('tracking.list.refresh_failed', { time: formatClock(positions.data.generated_at, i18n.language, zone) })}</Alert.Description>
    </Alert.Root>
  );

  const listBody = positions.isPending ? (
    <LoadingState label={t('tracking.list.loading')} />
  ) : positions.isError && !positions.data ? (
    <ErrorState error={positions.error} onRetry={() => void positions.refetch()} />
  ) : visible.length === 0 ? (
    <EmptyState>{executives.length === 0 ? t('tracking.list.none') : t('tracking.list.no_match')}</EmptyState>
  ) : (
    <ExecutiveList executives={visible} selectedId={selectedId} onPick={pick} statusLine={statusLine} />
  );

  const listPanel = (
    <Stack gap="2" flex="1" minH="0">
      {staleData}
      {selected && <SelectedCard e={selected} statusLine={statusLine(selected)} onShow={() => pick(selected.user_id)} onTrail={() => openTrail(selected.user_id)} zone={zone} />}
      {positions.data && (
        <Text fontSize="xs" color="fg.muted" aria-live="polite" data-testid="list-summary">
          {t('tracking.list.showing', { shown: visible.length, count: executives.length })}
        </Text>
      )}
      {listBody}
    </Stack>
  );

  const trailPanel = trailUser && trailDate && (
    <TrailPanel
      name={trailName}
      date={trailDate}
      today={today}
      onDate={(d) => openTrail(trailUser, d)}
      onBack={closeTrail}
      trail={trail}
      focusVisit={focusVisit}
      onPickVisit={setFocusVisit}
    />
  );

  const panel = inTrail ? trailPanel : listPanel;

  const map = (
    <>
      {tiles.isPending ? (
        <LoadingState label={t('tracking.map.loading')} />
      ) : (
        <TrackingMap
          tileUrl={tiles.data ?? ''}
          executives={visible}
          fitKey={fitKey}
          selected={selected}
          onSelect={(id) => setSelectedId(id)}
          onClearSelection={(id) => setSelectedId((cur) => (cur === id ? null : cur))}
          focus={focus}
          onOpenTrail={(id) => openTrail(id)}
          trail={inTrail && trail.data && trail.data.date === trailDate ? trail.data : null}
          focusVisit={focusVisit}
          onPickVisit={setFocusVisit}
          language={i18n.language}
          describeCluster={describeCluster}
          statusLine={statusLine}
          fitPadding={layout === 'map-first' && !isPhone ? [PANEL_ROOM_PX, 0] : undefined}
          zoomPosition={layout === 'map-first' && !isPhone ? 'topright' : 'topleft'}
        />
      )}
      <Box position="absolute" insetEnd="3" bottom="6" zIndex="1000" pointerEvents="none" maxW="calc(100% - 1.5rem)">
        <MapLegend trail={inTrail} />
      </Box>
    </>
  );

  const title = (
    <Flex align="center" gap="3" wrap="wrap">
      <Heading as="h1" size={layout === 'map-first' && !isPhone ? 'lg' : 'xl'}>
        {t('tracking.title')}
      </Heading>
      <LiveIndicator status={status} />
    </Flex>
  );

  // ---------------------------------------------------------------- layouts

  const fullRef = useRef<HTMLDivElement>(null);
  const top = useTopOffset(fullRef, layout === 'map-first' && !isPhone);

  // Phones and the floating panel: the search, with the filters behind a toggle.
  const compactFilters = !inTrail && (
    <Stack gap="2">
      <HStack gap="2">
        {searchField}
        <Button size="sm" variant="outline" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((o) => !o)}>
          <SlidersHorizontal aria-hidden /> {t('tracking.filters.title')}
        </Button>
      </HStack>
      {filtersOpen && filterFields}
    </Stack>
  );

  if (isPhone) {
    return (
      <Stack gap="3" data-testid="tracking-page" data-layout={layout}>
        {title}
        <Counts counts={counts} shown={shown} onToggle={toggleShown} />
        {compactFilters}
        <Box position="relative" zIndex="0" height="52dvh" minH="18rem" rounded="md" overflow="hidden" borderWidth="1px" data-testid="tracking-map">
          {map}
        </Box>
        <Stack minH="24rem" height={inTrail ? 'auto' : '60dvh'}>
          {panel}
        </Stack>
      </Stack>
    );
  }

  if (layout === 'map-first') {
    return (
      <Box ref={fullRef} position="relative" mx="-6" my="-6" height={`calc(100dvh - ${top}px)`} minH="30rem" data-testid="tracking-page" data-layout={layout}>
        <Box position="absolute" inset="0" zIndex="0" data-testid="tracking-map">
          {map}
        </Box>
        <Card.Root position="absolute" top="3" insetStart="3" bottom="3" width="24rem" maxW="calc(100% - 1.5rem)" zIndex="1" shadow="lg" overflow="hidden">
          <Card.Body p="3" gap="3" display="flex" flexDirection="column" minH="0">
            {title}
            <Counts counts={counts} shown={shown} onToggle={toggleShown} />
            {compactFilters}
            {panel}
          </Card.Body>
        </Card.Root>
      </Box>
    );
  }

  return (
    <Stack gap="4" data-testid="tracking-page" data-layout={layout}>
      <Flex align="center" gap="3" wrap="wrap" justify="space-between">
        {title}
        <Counts counts={counts} shown={shown} onToggle={toggleShown} />
      </Flex>
      {!inTrail && (
        <Flex gap="3" wrap="wrap" align="end">
          {searchField}
          {filterFields}
        </Flex>
      )}
      <Flex gap="4" height="calc(100dvh - 15rem)" minH="32rem">
        <PanelBox>{panel}</PanelBox>
        <Box position="relative" zIndex="0" flex="1" minW="0" rounded="md" overflow="hidden" borderWidth="1px" data-testid="tracking-map">
          {map}
        </Box>
      </Flex>
    </Stack>
  );
}
