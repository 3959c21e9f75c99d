/**
 * The review map of one visit (issue 5 "a small map with the visit's check-in position (accuracy
 * circle) against the address's geocoded position and the distance line"). A lazy chunk: Leaflet
 * and its CSS load only when a visit is opened. The address point is the pincode / postal-area
 * centroid, so it is drawn as an area marker, not a door.
 */
import 'leaflet/dist/leaflet.css';
import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import L from 'leaflet';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, MapContainer, Polyline, TileLayer, Tooltip } from 'react-leaflet';
import { LoadingState } from '../../../components/query-state';
import { formatDistance, type LatLng } from '../visits/visit-plan';
import { useTileUrl } from '../../../lib/public-config';

const CHECK_IN = '#2563eb';
const ADDRESS = '#dc2626';

export interface VisitReviewMapProps {
  checkIn: LatLng | null;
  /** GPS accuracy radius, metres. */
  accuracyM: number | null;
  address: LatLng | null;
  distanceM: number | null;
}

function Legend({ colour, label }: { colour: string; label: string }) {
  return (
    <HStack gap="1.5">
      <Box as="span" boxSize="3" rounded="full" bg={colour} borderWidth="2px" borderColor="white" boxShadow="sm" aria-hidden />
      <Text as="span">{label}</Text>
    </HStack>
  );
}

export default function VisitReviewMap({ checkIn, accuracyM, address, distanceM }: VisitReviewMapProps) {
  const { t } = useTranslation();
  const tiles = useTileUrl();
  const bounds = useMemo(() => {
    const points: L.LatLngExpression[] = [];
    if (checkIn) points.push([checkIn.lat, checkIn.lng]);
    if (address) points.push([address.lat, address.lng]);
    if (points.length === 0) return null;
    let box = L.latLngBounds(points);
    // Keep the whole accuracy circle in view.
    if (checkIn && accuracyM) box = box.extend(L.latLng(checkIn.lat, checkIn.lng).toBounds(accuracyM * 2));
    return box.pad(0.25);
  }, [checkIn, address, accuracyM]);

  if (!bounds) return null;
  if (tiles.isPending) return <LoadingState />;
  const single = !checkIn || !address;
  return (
    <Box>
      <Box
        height={{ base: '14rem', md: '16rem' }}
        rounded="md"
        overflow="hidden"
        borderWidth="1px"
        position="relative"
        zIndex="0"
        data-testid="visit-review-map"
        // A figure, not an img: the map holds focusable parts (Leaflet's container, zoom and
        // attribution links), which an img's presentational children may not (axe nested-interactive).
        role="figure"
        aria-label={
          checkIn && address && distanceM !== null
            ? t('verification.map.label_distance', { distance: formatDistance(distanceM) })
            : checkIn
              ? t('verification.map.label_check_in')
              : t('verification.map.label_address')
        }
      >
        <MapContainer
          key={bounds.toBBoxString()}
          bounds={bounds}
          maxZoom={single ? 15 : 18}
          style={{ height: '100%', width: '100%' }}
          scrollWheelZoom={false}
          attributionControl
        >
          <TileLayer url={tiles.data ?? ''} maxZoom={18} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
          {checkIn && address && (
            <Polyline positions={[[checkIn.lat, checkIn.lng], [address.lat, address.lng]]} pathOptions={{ color: '#111827', weight: 2, dashArray: '6 6' }}>
              {distanceM !== null && (
                <Tooltip permanent direction="center" className="verification-distance">
                  {formatDistance(distanceM)}
                </Tooltip>
              )}
            </Polyline>
          )}
          {address && (
            <CircleMarker center={[address.lat, address.lng]} radius={9} pathOptions={{ color: '#fff', weight: 2, fillColor: ADDRESS, fillOpacity: 1 }}>
              <Tooltip>{t('verification.map.address')}</Tooltip>
            </CircleMarker>
          )}
          {checkIn && accuracyM !== null && accuracyM > 0 && (
            <Circle center={[checkIn.lat, checkIn.lng]} radius={accuracyM} pathOptions={{ color: CHECK_IN, weight: 1, fillColor: CHECK_IN, fillOpacity: 0.15 }} />
          )}
          {checkIn && (
            <CircleMarker center={[checkIn.lat, checkIn.lng]} radius={8} pathOptions={{ color: '#fff', weight: 2, fillColor: CHECK_IN, fillOpacity: 1 }}>
              <Tooltip>{t('verification.map.check_in')}</Tooltip>
            </CircleMarker>
          )}
        </MapContainer>
      </Box>
      <Flex gap="4" mt="1.5" fontSize="xs" color="fg.muted" wrap="wrap">
        {checkIn && <Legend colour={CHECK_IN} label={accuracyM !== null ? t('verification.map.check_in_accuracy', { accuracy: Math.round(accuracyM) }) : t('verification.map.check_in')} />}
        {address && <Legend colour={ADDRESS} label={t('verification.map.address')} />}
      </Flex>
    </Box>
  );
}
