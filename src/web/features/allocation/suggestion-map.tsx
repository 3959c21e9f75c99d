/**
 * The territory suggestion on a map (issue 5 "show the proposal on a map: each executive's loans
 * in their own colour, centroid, spread km"). A lazy chunk: Leaflet and its CSS load only when a
 * suggestion is shown. Each executive's loans are dots in their colour, one per address area
 * (pincode / postal-area point) sized by how many of their loans are there; unassigned loans are
 * grey. Each territory is a circle in the executive's colour around the centroid of their loans, as
 * wide as their mean distance from it (spread_km: the farthest loan, radius_km, would let one
 * outlier paint half the country), with the centroid marked and labelled (name, loans, spread);
 * where the executive starts (last position or current allocation) is a small ring. Drawn from the
 * working proposal, so a manual move shows at once.
 */
import 'leaflet/dist/leaflet.css';
import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import L from 'leaflet';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Circle, CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';
import { LoadingState } from '../../components/query-state';
import { useTileUrl } from '../../lib/public-config';
import { groupColour, type AreaPoint, type ProposalGroup } from './proposal';

/** Smallest territory circle drawn, metres (a single area point has radius 0). */
const MIN_RADIUS_M = 300;
/** India's centre, when no group has a point. */
const FALLBACK_CENTRE: L.LatLngTuple = [20.59, 78.96];

/** The drawn radius of a territory, metres: the mean spread, at least MIN_RADIUS_M. */
function territoryRadiusM(g: ProposalGroup): number {
  return Math.max(MIN_RADIUS_M, g.spreadKm * 1000);
}

/** Colour of the loans no executive holds (after a drop). */
const UNASSIGNED_COLOUR = '#71717a';

/** Dot radius in pixels for `count` loans at one area: 4 px for one, growing with the square root, at most 14. */
function areaDotRadius(count: number): number {
  return Math.min(14, 3 + 1.5 * Math.sqrt(count));
}

interface AreaDot {
  key: string;
  at: AreaPoint;
  count: number;
  colour: string;
  name: string;
}

/** The loans of each holder grouped by area point, one dot per (holder, area). */
function areaDots(holders: readonly { key: string; loanIds: readonly string[]; colour: string; name: string }[], points: ReadonlyMap<string, AreaPoint>): AreaDot[] {
  const dots: AreaDot[] = [];
  for (const h of holders) {
    const byArea = new Map<AreaPoint, number>();
    for (const id of h.loanIds) {
      const at = points.get(id);
      if (at) byArea.set(at, (byArea.get(at) ?? 0) + 1);
    }
    for (const [at, count] of byArea) dots.push({ key: `${h.key}@${at.latitude},${at.longitude}`, at, count, colour: h.colour, name: h.name });
  }
  return dots;
}

export interface SuggestionMapProps {
  groups: readonly ProposalGroup[];
  /** Loans no executive holds (an executive was dropped). */
  unassigned: readonly string[];
  /** Where each located loan is (the proposal's points). */
  points: ReadonlyMap<string, AreaPoint>;
}

export default function SuggestionMap({ groups, unassigned, points }: SuggestionMapProps) {
  const { t } = useTranslation();
  const tiles = useTileUrl();
  const bounds = useMemo(() => {
    const box = L.latLngBounds([]);
    for (const g of groups) {
      if (g.centroid) box.extend(L.latLng(g.centroid.latitude, g.centroid.longitude).toBounds(territoryRadiusM(g) * 2));
      if (g.seed) box.extend([g.seed.latitude, g.seed.longitude]);
    }
    return box.isValid() ? box.pad(0.05) : null;
  }, [groups]);
  const placed = groups.filter((g) => g.centroid);
  const unassignedName = t('assignment.unassigned');
  const dots = useMemo(
    () =>
      areaDots(
        [
          ...groups.map((g) => ({ key: g.userId, loanIds: g.loanIds, colour: groupColour(g.colour), name: g.name })),
          { key: '', loanIds: unassigned, colour: UNASSIGNED_COLOUR, name: unassignedName },
        ],
        points,
      ),
    [groups, unassigned, points, unassignedName],
  );

  if (tiles.isPending) return <LoadingState label={t('assignment.map_loading')} />;
  return (
    <Box>
      <Box
        height={{ base: '22rem', md: '30rem' }}
        rounded="md"
        overflow="hidden"
        borderWidth="1px"
        position="relative"
        zIndex="0"
        data-testid="suggestion-map"
        role="region"
        aria-label={t('assignment.map_label')}
      >
        <MapContainer bounds={bounds ?? undefined} center={bounds ? undefined : FALLBACK_CENTRE} zoom={bounds ? undefined : 5} maxZoom={18} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false}>
          <TileLayer url={tiles.data ?? ''} maxZoom={18} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
          {placed.map((g) => {
            const colour = groupColour(g.colour);
            const centre: L.LatLngTuple = [g.centroid!.latitude, g.centroid!.longitude];
            return (
              <Circle
                key={`area-${g.userId}`}
                center={centre}
                radius={territoryRadiusM(g)}
                className="territory"
                pathOptions={{ color: colour, weight: 2, fillColor: colour, fillOpacity: 0.15 }}
              />
            );
          })}
          {dots.map((d) => (
            <CircleMarker
              key={d.key}
              center={[d.at.latitude, d.at.longitude]}
              radius={areaDotRadius(d.count)}
              className="territory-loans"
              pathOptions={{ color: '#fff', weight: 1, fillColor: d.colour, fillOpacity: 0.85 }}
            >
              <Tooltip>{t('assignment.area_tooltip', { name: d.name, count: d.count })}</Tooltip>
            </CircleMarker>
          ))}
          {groups.map((g) =>
            g.seed ? (
              <CircleMarker
                key={`seed-${g.userId}`}
                center={[g.seed.latitude, g.seed.longitude]}
                radius={5}
                pathOptions={{ color: groupColour(g.colour), weight: 3, fillColor: '#fff', fillOpacity: 1 }}
              >
                <Tooltip>{t('assignment.seed_tooltip', { name: g.name, source: t(`assignment.seed.${g.seed.source}`) })}</Tooltip>
              </CircleMarker>
            ) : null,
          )}
          {placed.map((g, i) => (
            <CircleMarker
              key={`centre-${g.userId}`}
              center={[g.centroid!.latitude, g.centroid!.longitude]}
              radius={8}
              className="territory-centre"
              pathOptions={{ color: '#fff', weight: 2, fillColor: groupColour(g.colour), fillOpacity: 1 }}
            >
              {/* Alternate sides so labels of neighbouring territories do not cover each other. */}
              <Tooltip permanent direction={i % 2 === 0 ? 'right' : 'left'} offset={[i % 2 === 0 ? 8 : -8, 0]}>
                {t('assignment.centre_tooltip', { name: g.name, count: g.loanIds.length, spread: g.spreadKm.toFixed(1) })}
              </Tooltip>
            </CircleMarker>
          ))}
        </MapContainer>
      </Box>
      <Flex as="ul" gap="4" wrap="wrap" listStyleType="none" m="0" p="0" mt="2" fontSize="sm" aria-label={t('assignment.legend')}>
        {groups.map((g) => (
          <HStack as="li" key={g.userId} gap="1.5">
            <Box as="span" boxSize="3" rounded="full" bg={groupColour(g.colour)} aria-hidden />
            <Text as="span">{g.name}</Text>
          </HStack>
        ))}
        {unassigned.length > 0 && (
          <HStack as="li" gap="1.5">
            <Box as="span" boxSize="3" rounded="full" bg={UNASSIGNED_COLOUR} aria-hidden />
            <Text as="span">{unassignedName}</Text>
          </HStack>
        )}
        <HStack as="li" gap="1.5" color="fg.muted">
          <Box as="span" boxSize="3" rounded="full" borderWidth="3px" borderColor="fg.muted" bg="white" aria-hidden />
          <Text as="span">{t('assignment.seed_legend')}</Text>
        </HStack>
        <HStack as="li" gap="1.5" color="fg.muted">
          <Box as="span" boxSize="2" rounded="full" bg="fg.muted" aria-hidden />
          <Box as="span" boxSize="3" rounded="full" bg="fg.muted" aria-hidden />
          <Text as="span">{t('assignment.area_legend')}</Text>
        </HStack>
      </Flex>
      {placed.length < groups.length && (
        <Text fontSize="xs" color="fg.muted" mt="1">
          {t('assignment.not_on_map', { count: groups.length - placed.length })}
        </Text>
      )}
    </Box>
  );
}
