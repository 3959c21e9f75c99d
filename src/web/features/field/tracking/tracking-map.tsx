/**
 * The tracking map (issue 5 "Field-force tracking"): the team's last positions as clustered canvas
 * circle markers, or one executive's day (path, stops with time spent, numbered visits).
 *
 * Built for thousands of executives: the map renders vector layers on one canvas (preferCanvas),
 * executives are plain L.CircleMarker layers kept by user_id and diffed imperatively into the
 * react-leaflet-cluster group (one removeLayers / addLayers per update: new, gone and moved
 * executives in one batch; a re-aged one restyled in place), so a live update never rebuilds
 * 10,000 React children nor re-clusters once per moved marker. Cluster bubbles show the count with a ring split by freshness. Tiles come from the
 * configured MAP_TILE_URL (useMapTileUrl, like the field map).
 */
/// <reference types="leaflet.markercluster" />
import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import { Button, Stack, Text } from '@chakra-ui/react';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Marker, Polyline, Popup, TileLayer, Tooltip, useMap, ZoomControl } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import type { ExecutivePosition, TrailResponse } from '../../../../domain/contracts/field/tracking';
import type { Freshness } from '../../../../domain/field/tracking';
import { formatClock } from './tracking-model';
import { dispositionColour, FRESHNESS_COLOURS, MARKER_STYLES } from './tracking-symbols';

/** India's middle, when there is nothing to fit the map to. */
const DEFAULT_CENTER: L.LatLngExpression = [20.59, 78.96];
const STOP_COLOUR = '#7c3aed';

type TrackedMarker = L.CircleMarker & { trackedId: string; freshness: Freshness };

/** A request to bring one executive into view (a new nonce each time the list asks). */
export interface FocusRequest {
  userId: string;
  nonce: number;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const visitIcons = new Map<string, L.DivIcon>();
/** A numbered pin coloured by disposition (HTML; text is a number only). */
function visitIcon(n: number, disposition: string, active: boolean): L.DivIcon {
  const key = `${n}|${disposition}|${active}`;
  let icon = visitIcons.get(key);
  if (!icon) {
    const ring = active ? 'box-shadow:0 0 0 3px #fff,0 0 0 6px #1d4ed8;' : 'box-shadow:0 1px 4px rgba(0,0,0,.45);';
    icon = L.divIcon({
      className: 'trail-visit-pin',
      html: `<span style="display:flex;align-items:center;justify-content:center;width:26px;height:26px;border-radius:50% 50% 50% 0;transform:rotate(-45deg);border:2px solid #fff;background:${dispositionColour(disposition)};${ring}"><span style="transform:rotate(45deg);color:#fff;font:700 12px/1 system-ui,sans-serif">${n}</span></span>`,
      iconSize: [26, 26],
      iconAnchor: [13, 26],
      popupAnchor: [0, -24],
    });
    visitIcons.set(key, icon);
  }
  return icon;
}

/** Keeps Leaflet's size right when its box changes (panel toggles, window resizes). */
function ResizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize({ debounceMoveend: true }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

interface ExecutiveLayerProps {
  executives: readonly ExecutivePosition[];
  onSelect: (userId: string) => void;
  focus: FocusRequest | null;
  /** Fit the map to the executives when this changes (a new list, not a live move). */
  fitKey: string;
  fitPadding: L.PointTuple;
  describeCluster: (counts: Record<Freshness, number>, total: number) => string;
}

function ExecutiveLayer({ executives, onSelect, focus, fitKey, fitPadding, describeCluster }: ExecutiveLayerProps) {
  const map = useMap();
  const group = useRef<L.MarkerClusterGroup>(null);
  const markers = useRef(new Map<string, TrackedMarker>());
  const describe = useRef(describeCluster);
  const select = useRef(onSelect);
  useEffect(() => {
    describe.current = describeCluster;
    select.current = onSelect;
  });

  const iconCreateFunction = useMemo(
    () => (cluster: L.MarkerCluster) => {
      // The group holds circle markers (the typings say Marker: any layer with a position works).
      const children = cluster.getAllChildMarkers() as unknown as TrackedMarker[];
      const counts: Record<Freshness, number> = { fresh: 0, stale: 0, offline: 0 };
      for (const m of children) counts[m.freshness] += 1;
      const n = children.length;
      const size = n < 10 ? 34 : n < 100 ? 40 : n < 1000 ? 46 : 54;
      const f = (counts.fresh / n) * 100;
      const s = f + (counts.stale / n) * 100;
      const ring = `conic-gradient(${FRESHNESS_COLOURS.fresh} 0 ${f}%, ${FRESHNESS_COLOURS.stale} ${f}% ${s}%, ${FRESHNESS_COLOURS.offline} ${s}% 100%)`;
      const label = n >= 10_000 ? `${Math.floor(n / 1000)}k` : String(n);
      return L.divIcon({
        className: 'tracking-cluster',
        html: `<div title="${escapeAttribute(describe.current(counts, n))}" role="img" aria-label="${escapeAttribute(describe.current(counts, n))}" style="width:${size}px;height:${size}px;border-radius:50%;background:${ring};display:flex;align-items:center;justify-content:center;box-shadow:0 1px 4px rgba(0,0,0,.35)"><span style="width:${size - 12}px;height:${size - 12}px;border-radius:50%;background:#fff;display:flex;align-items:center;justify-content:center;font:700 12px/1 system-ui,sans-serif;color:#1f2937">${label}</span></div>`,
        iconSize: [size, size],
      });
    },
    [],
  );

  // Diff the executives into the cluster group.
  useEffect(() => {
    const g = group.current;
    if (!g) return;
    const known = markers.current;
    const before = known.size;
    const seen = new Set<string>();
    const added: TrackedMarker[] = [];
    const restyled: TrackedMarker[] = [];
    const moved: Array<[TrackedMarker, L.LatLngTuple]> = [];
    for (const e of executives) {
      const p = e.position;
      if (!p) continue;
      seen.add(e.user_id);
      const had = known.get(e.user_id);
      if (!had) {
        const { radius, ...style } = MARKER_STYLES[e.freshness];
        const m = L.circleMarker([p.latitude, p.longitude], { radius, ...style, bubblingMouseEvents: true }) as TrackedMarker;
        m.trackedId = e.user_id;
        m.freshness = e.freshness;
        known.set(e.user_id, m);
        added.push(m);
        continue;
      }
      const at = had.getLatLng();
      if (at.lat !== p.latitude || at.lng !== p.longitude) moved.push([had, [p.latitude, p.longitude]]);
      if (had.freshness !== e.freshness) {
        const { radius, ...style } = MARKER_STYLES[e.freshness];
        had.setStyle(style);
        had.setRadius(radius);
        had.freshness = e.freshness;
        restyled.push(had);
      }
    }
    const removed: TrackedMarker[] = [];
    for (const [id, m] of known) {
      if (!seen.has(id)) {
        removed.push(m);
        known.delete(id);
      }
    }
    const movedMarkers = moved.map(([m]) => m);
    const churn = removed.length + movedMarkers.length;
    if (churn * 4 > before) {
      // Most of the map changed (a search, a filter): clustering afresh beats removing one by one.
      g.clearLayers();
      for (const [m, to] of moved) m.setLatLng(to);
      g.addLayers([...known.values()]);
    } else {
      // Moves are re-filed in one batch (out, moved, back in): a second of live events from a big
      // team would otherwise re-cluster once per marker ('move' → removeLayer + addLayer each).
      if (churn > 0) g.removeLayers([...removed, ...movedMarkers]);
      for (const [m, to] of moved) m.setLatLng(to);
      if (added.length > 0 || movedMarkers.length > 0) g.addLayers([...added, ...movedMarkers]);
    }
    if (restyled.length > 0) g.refreshClusters(restyled as unknown as L.Marker[]);
  }, [executives]);

  // A new list (first load, another filter): show all of it.
  useEffect(() => {
    const points = [...markers.current.values()].map((m) => m.getLatLng());
    if (points.length === 0) return;
    map.fitBounds(L.latLngBounds(points).pad(0.1), { maxZoom: 15, animate: false, paddingTopLeft: fitPadding });
    // Only when the list changes, not on every live move.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey, map]);

  // A row of the list was picked: open its cluster and centre on it.
  useEffect(() => {
    if (!focus) return;
    const m = markers.current.get(focus.userId);
    const g = group.current;
    if (!m || !g) return;
    g.zoomToShowLayer(m, () => map.panTo(m.getLatLng()));
  }, [focus, map]);

  useEffect(() => {
    const g = group.current;
    if (!g) return;
    const onClick = (e: L.LeafletMouseEvent & { layer?: TrackedMarker }) => {
      if (e.layer?.trackedId) select.current(e.layer.trackedId);
    };
    g.on('click', onClick as L.LeafletEventHandlerFn);
    return () => {
      g.off('click', onClick as L.LeafletEventHandlerFn);
    };
  }, []);

  return (
    <MarkerClusterGroup ref={group} chunkedLoading iconCreateFunction={iconCreateFunction} maxClusterRadius={50} showCoverageOnHover={false} spiderfyOnMaxZoom disableClusteringAtZoom={17}>
      {null}
    </MarkerClusterGroup>
  );
}

/** Fits the map to a day's trail when it loads, and flies to a visit picked in the timeline. */
function TrailView({ trail, focusVisit, fitPadding }: { trail: TrailResponse; focusVisit: string | null; fitPadding: L.PointTuple }) {
  const map = useMap();
  useEffect(() => {
    const points: L.LatLngExpression[] = trail.points.map((p) => [p.latitude, p.longitude]);
    for (const v of trail.visits) if (v.latitude !== null && v.longitude !== null) points.push([v.latitude, v.longitude]);
    if (points.length > 0) map.fitBounds(L.latLngBounds(points).pad(0.15), { maxZoom: 17, animate: false, paddingTopLeft: fitPadding });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trail, map]);
  useEffect(() => {
    const v = trail.visits.find((x) => x.visit_id === focusVisit);
    if (v && v.latitude !== null && v.longitude !== null) map.setView([v.latitude, v.longitude], Math.max(map.getZoom(), 16));
  }, [focusVisit, trail, map]);
  return null;
}

export interface TrackingMapProps {
  tileUrl: string;
  /** The executives to draw (already filtered). */
  executives: readonly ExecutivePosition[];
  fitKey: string;
  /** Room left of the fitted area in px (a panel floating over the map), [x, y]. */
  fitPadding?: L.PointTuple;
  /** Where the zoom buttons go (away from a floating panel). */
  zoomPosition?: L.ControlPosition;
  selected: ExecutivePosition | null;
  onSelect: (userId: string) => void;
  /** The popup of this executive was closed (or replaced: clear only if still selected). */
  onClearSelection: (userId: string) => void;
  focus: FocusRequest | null;
  /** The popup's action on the selected executive (today's trail). */
  onOpenTrail: (userId: string) => void;
  /** A day's trail: drawn instead of the executives. */
  trail: TrailResponse | null;
  focusVisit: string | null;
  onPickVisit: (visitId: string) => void;
  language: string;
  describeCluster: (counts: Record<Freshness, number>, total: number) => string;
  statusLine: (e: ExecutivePosition) => string;
}

export default function TrackingMap(props: TrackingMapProps) {
  const { t } = useTranslation();
  const { trail, selected, language } = props;
  const path = useMemo(() => (trail ? trail.points.map((p) => [p.latitude, p.longitude] as L.LatLngTuple) : []), [trail]);
  const first = trail?.points[0];
  const last = trail?.points[trail.points.length - 1];
  const fitPadding = props.fitPadding ?? ([0, 0] as L.PointTuple);

  return (
    <MapContainer center={DEFAULT_CENTER} zoom={5} maxZoom={19} preferCanvas style={{ height: '100%', width: '100%' }} scrollWheelZoom keyboard zoomControl={false}>
      <ZoomControl position={props.zoomPosition ?? 'topleft'} />
      <TileLayer url={props.tileUrl} maxZoom={19} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
      <ResizeWatcher />
      {!trail && (
        <ExecutiveLayer executives={props.executives} onSelect={props.onSelect} focus={props.focus} fitKey={props.fitKey} fitPadding={fitPadding} describeCluster={props.describeCluster} />
      )}
      {!trail && selected?.position && (
        <>
          <CircleMarker center={[selected.position.latitude, selected.position.longitude]} radius={15} interactive={false} pathOptions={{ color: '#1d4ed8', weight: 3, fill: false }} />
          <Popup
            key={selected.user_id}
            position={[selected.position.latitude, selected.position.longitude]}
            offset={[0, -10]}
            autoPan={false}
            autoClose={false}
            closeOnClick={false}
            eventHandlers={{ remove: () => props.onClearSelection(selected.user_id) }}
          >
            <Stack gap="1" minW="48" data-testid="map-popup">
              <Text as="div" fontWeight="semibold">
                {selected.name}
              </Text>
              <Text as="div" fontSize="sm">
                {props.statusLine(selected)}
              </Text>
              <Button size="xs" colorPalette="blue" onClick={() => props.onOpenTrail(selected.user_id)}>
                {t('tracking.trail.open_today')}
              </Button>
            </Stack>
          </Popup>
        </>
      )}
      {trail && (
        <>
          <TrailView trail={trail} focusVisit={props.focusVisit} fitPadding={fitPadding} />
          {path.length > 1 && <Polyline positions={path} pathOptions={{ color: '#2563eb', weight: 4, opacity: 0.85 }} />}
          {first && (
            <CircleMarker center={[first.latitude, first.longitude]} radius={6} pathOptions={{ color: '#fff', weight: 2, fillColor: '#16a34a', fillOpacity: 1 }}>
              <Tooltip>{t('tracking.trail.start_at', { time: formatClock(first.recorded_at, language, trail.time_zone) })}</Tooltip>
            </CircleMarker>
          )}
          {last && last !== first && (
            <CircleMarker center={[last.latitude, last.longitude]} radius={7} pathOptions={{ color: '#fff', weight: 2, fillColor: '#111827', fillOpacity: 1 }}>
              <Tooltip>{t('tracking.trail.last_at', { time: formatClock(last.recorded_at, language, trail.time_zone) })}</Tooltip>
            </CircleMarker>
          )}
          {trail.stops.map((s) => (
            <CircleMarker key={s.arrived_at} center={[s.latitude, s.longitude]} radius={9} pathOptions={{ color: '#fff', weight: 2, fillColor: STOP_COLOUR, fillOpacity: 0.9 }}>
              <Tooltip permanent={trail.stops.length <= 25} direction="right" offset={[8, 0]}>
                {t('tracking.trail.stop_minutes', { count: s.minutes })}
              </Tooltip>
            </CircleMarker>
          ))}
          {trail.visits.map((v) =>
            v.latitude === null || v.longitude === null ? null : (
              <Marker
                key={v.visit_id}
                position={[v.latitude, v.longitude]}
                icon={visitIcon(v.sequence, v.disposition, v.visit_id === props.focusVisit)}
                title={`${v.sequence}. ${t(`field.disposition.${v.disposition}`, { defaultValue: v.disposition })}`}
                eventHandlers={{ click: () => props.onPickVisit(v.visit_id) }}
                zIndexOffset={v.visit_id === props.focusVisit ? 1000 : 0}
              >
                <Popup>
                  <Stack gap="0.5">
                    <Text as="div" fontWeight="semibold">
                      {v.sequence}. {t(`field.disposition.${v.disposition}`, { defaultValue: v.disposition })}
                    </Text>
                    <Text as="div" fontSize="sm">
                      {formatClock(v.checked_in_at, language, trail.time_zone)} · {t('tracking.trail.loan', { id: v.loan_id })}
                    </Text>
                    <Text as="div" fontSize="sm">
                      {t(`tracking.verification.${v.verification_status}`)}
                    </Text>
                  </Stack>
                </Popup>
              </Marker>
            ),
          )}
        </>
      )}
    </MapContainer>
  );
}

