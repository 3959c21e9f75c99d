/**
 * The day plan on a map (issue 4 "as a list and on a map (react-leaflet, clustered markers)").
 * A lazy chunk: Leaflet and its CSS load only when the map is opened. Tiles come from the
 * configured URL (GET /api/public-config `map_tile_url`); the service worker caches tiles seen
 * online so the map still draws offline. Markers are HTML pins numbered by priority (no image
 * assets to resolve), clustered by leaflet.markercluster.
 */
import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.Default.css';
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import L from 'leaflet';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import { Link as RouterLink } from 'react-router-dom';
import type { Currency } from '../../../../domain/common/money';
import { LoadingState } from '../../../components/query-state';
import { useMapTileUrl } from '../field-data';
import { minorOf, moneyMinor } from '../format';
import { formatDistance, loanPoint, type LatLng, type PlannedLoan } from './visit-plan';

const PIN_COLOURS = ['#dc2626', '#ea580c', '#ca8a04', '#2563eb', '#6b7280'];

const pinCache = new Map<string, L.DivIcon>();

/** A round pin showing the loan's priority; a ring when a visit is already queued. */
function pin(priority: number, queued: boolean): L.DivIcon {
  const key = `${priority}:${queued}`;
  let icon = pinCache.get(key);
  if (!icon) {
    const colour = PIN_COLOURS[priority - 1] ?? PIN_COLOURS[4];
    const ring = queued ? 'box-shadow:0 0 0 3px #fff,0 0 0 5px #2563eb;' : 'box-shadow:0 1px 3px rgba(0,0,0,.4);';
    icon = L.divIcon({
      className: 'visit-pin',
      html: `<span style="display:flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;border:2px solid #fff;background:${colour};color:#fff;font:600 13px/1 system-ui,sans-serif;${ring}">${priority}</span>`,
      iconSize: [28, 28],
      iconAnchor: [14, 14],
      popupAnchor: [0, -14],
    });
    pinCache.set(key, icon);
  }
  return icon;
}

export interface VisitsMapProps {
  plan: PlannedLoan[];
  here: LatLng | null;
  currency: Currency | null;
  recordHref: (loanId: string) => string;
  queued: Map<string, string>;
}

export default function VisitsMap({ plan, here, currency, recordHref, queued }: VisitsMapProps) {
  const { t } = useTranslation();
  const tiles = useMapTileUrl();
  const located = useMemo(() => plan.flatMap((p) => (loanPoint(p.loan) ? [{ ...p, point: loanPoint(p.loan)! }] : [])), [plan]);
  const bounds = useMemo(() => {
    const points: L.LatLngExpression[] = located.map((p) => [p.point.lat, p.point.lng]);
    if (here) points.push([here.lat, here.lng]);
    return points.length > 0 ? L.latLngBounds(points).pad(0.1) : null;
  }, [located, here]);

  if (tiles.isPending) return <LoadingState />;
  return (
    <Stack gap="2">
      <Box height={{ base: 'calc(100dvh - 22rem)', md: '32rem' }} minH="20rem" rounded="md" overflow="hidden" borderWidth="1px" data-testid="visits-map" zIndex="0" position="relative">
        <MapContainer
          bounds={bounds ?? undefined}
          center={bounds ? undefined : [20.59, 78.96]}
          zoom={bounds ? undefined : 5}
          maxZoom={18}
          style={{ height: '100%', width: '100%' }}
          scrollWheelZoom
        >
          <TileLayer url={tiles.data ?? ''} maxZoom={18} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
          {here && <CircleMarker center={[here.lat, here.lng]} radius={8} pathOptions={{ color: '#fff', weight: 2, fillColor: '#2563eb', fillOpacity: 1 }} />}
          <MarkerClusterGroup chunkedLoading maxClusterRadius={40}>
            {located.map(({ loan, distanceM, point }) => (
              <Marker key={loan.loan_id} position={[point.lat, point.lng]} icon={pin(loan.priority, queued.has(loan.loan_id))} title={loan.applicant_name ?? loan.loan_id}>
                <Popup>
                  <Stack gap="1" minW="44">
                    <Text fontWeight="semibold">{loan.applicant_name ?? loan.loan_id}</Text>
                    <Text fontSize="sm">
                      {moneyMinor(minorOf(loan.total_dues_minor, loan.total_dues), currency)} · {t('field.visits.dpd', { dpd: loan.dpd ?? '—' })}
                      {distanceM !== null ? ` · ${formatDistance(distanceM)}` : ''}
                    </Text>
                    <Button asChild size="xs" colorPalette="blue">
                      <RouterLink to={recordHref(loan.loan_id)}>{t('field.visits.record')}</RouterLink>
                    </Button>
                  </Stack>
                </Popup>
              </Marker>
            ))}
          </MarkerClusterGroup>
        </MapContainer>
      </Box>
      {located.length < plan.length && (
        <Text fontSize="xs" color="fg.muted">
          {t('field.visits.not_on_map', { count: plan.length - located.length })}
        </Text>
      )}
    </Stack>
  );
}
