/**
 * How the tracking screen draws an executive's freshness and a visit's disposition (issue 5:
 * "fresh / stale / offline shown differently", not by colour alone): fresh is a filled dot, stale a
 * thick ring, offline a small dashed ring, the same on the map (canvas circle markers), in the list,
 * the counts and the legend. Also the live indicator.
 */
import { Badge, Box, Flex, HStack, Text } from '@chakra-ui/react';
import type { PathOptions } from 'leaflet';
import { useTranslation } from 'react-i18next';
import type { Freshness } from '../../../../domain/field/tracking';
import type { LiveStatus } from '../../../lib/sse-reader';

export const FRESHNESS_COLOURS: Record<Freshness, string> = { fresh: '#16a34a', stale: '#b45309', offline: '#6b7280' };

/** Leaflet circle-marker styles of each freshness (radius in px). */
export const MARKER_STYLES: Record<Freshness, PathOptions & { radius: number }> = {
  fresh: { radius: 8, color: '#ffffff', weight: 2, fillColor: FRESHNESS_COLOURS.fresh, fillOpacity: 1, opacity: 1 },
  stale: { radius: 7, color: FRESHNESS_COLOURS.stale, weight: 4, fillColor: '#ffffff', fillOpacity: 1, opacity: 1 },
  offline: { radius: 6, color: FRESHNESS_COLOURS.offline, weight: 2, dashArray: '3 3', fillColor: '#d1d5db', fillOpacity: 0.9, opacity: 1 },
};

/** The freshness symbol as a small SVG (list rows, counts, legend). */
export function FreshnessGlyph({ state, size = 16 }: { state: Freshness; size?: number }) {
  const c = FRESHNESS_COLOURS[state];
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden focusable="false" style={{ flexShrink: 0 }}>
      {state === 'fresh' && <circle cx="8" cy="8" r="6.5" fill={c} stroke="#fff" strokeWidth="1.5" />}
      {state === 'stale' && <circle cx="8" cy="8" r="5" fill="#fff" stroke={c} strokeWidth="3" />}
      {state === 'offline' && <circle cx="8" cy="8" r="5" fill="#d1d5db" stroke={c} strokeWidth="1.5" strokeDasharray="2.2 2" />}
    </svg>
  );
}

/** Colours of the numbered visit pins by disposition (the timeline names the disposition too). */
const DISPOSITION_COLOURS: Record<string, string> = {
  Paid: '#15803d',
  'Partially Paid': '#4d7c0f',
  'Promise to Pay': '#1d4ed8',
  'Refused to Pay': '#b91c1c',
  'Customer Not Available': '#6b7280',
  'Door Locked': '#57534e',
  'Shifted / Address Not Found': '#c2410c',
  'Wrong Address': '#9a3412',
  Dispute: '#7e22ce',
  Deceased: '#111827',
  'Call Back': '#0e7490',
};

export function dispositionColour(disposition: string): string {
  return DISPOSITION_COLOURS[disposition] ?? '#475569';
}

/** A numbered pin (timeline and map share the look). */
export function VisitNumber({ n, disposition }: { n: number; disposition: string }) {
  return (
    <Flex as="span" align="center" justify="center" boxSize="6" rounded="full" bg={dispositionColour(disposition)} color="white" fontSize="xs" fontWeight="bold" flexShrink={0} aria-hidden>
      {n}
    </Flex>
  );
}

/** "Live" / "Connecting…" / "Reconnecting…" / "Live updates off", announced politely. */
export function LiveIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation();
  const palette = status === 'live' ? 'green' : status === 'stopped' ? 'gray' : 'orange';
  return (
    <Badge colorPalette={palette} variant="subtle" size="md" role="status" aria-live="polite" data-testid="live-indicator" data-status={status} gap="1.5">
      <Box
        as="span"
        boxSize="2"
        rounded="full"
        bg={status === 'live' ? 'green.solid' : status === 'stopped' ? 'gray.solid' : 'orange.solid'}
        animation={status === 'live' ? 'pulse 2s ease-in-out infinite' : undefined}
        aria-hidden
      />
      {t(`tracking.live.${status}`)}
    </Badge>
  );
}

/** The map legend: freshness symbols, and in a trail the path, stops and numbered visits. */
export function MapLegend({ trail }: { trail: boolean }) {
  const { t } = useTranslation();
  return (
    <Box bg="bg" rounded="md" shadow="md" borderWidth="1px" px="3" py="2" fontSize="xs" data-testid="map-legend" aria-label={t('tracking.legend.title')} role="group">
      {!trail ? (
        <HStack gap="3" wrap="wrap">
          {(['fresh', 'stale', 'offline'] as const).map((f) => (
            <HStack key={f} gap="1">
              <FreshnessGlyph state={f} size={14} />
              <Text>{t(`tracking.freshness.${f}_hint`)}</Text>
            </HStack>
          ))}
        </HStack>
      ) : (
        <HStack gap="3" wrap="wrap">
          <HStack gap="1">
            <Box as="span" w="5" h="1" bg="blue.solid" rounded="full" aria-hidden />
            <Text>{t('tracking.legend.path')}</Text>
          </HStack>
          <HStack gap="1">
            <Box as="span" boxSize="3.5" rounded="full" bg="#7c3aed" borderWidth="2px" borderColor="white" aria-hidden />
            <Text>{t('tracking.legend.stop')}</Text>
          </HStack>
          <HStack gap="1">
            <VisitNumber n={1} disposition="Paid" />
            <Text>{t('tracking.legend.visit')}</Text>
          </HStack>
        </HStack>
      )}
    </Box>
  );
}
