/**
 * The tracking page's parts (field-force-tracking-page.tsx): hooks that re-age freshness and size
 * the map to the viewport, the freshness counts, the selected executive's card and the map-first
 * layout's floating panel.
 */
import { Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Crosshair, Route } from 'lucide-react';
import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecutivePosition } from '../../../../domain/contracts/field/tracking';
import { FRESHNESS, type Freshness } from '../../../../domain/field/tracking';
import { formatClock } from './tracking-model';
import { FreshnessGlyph } from './tracking-symbols';

/** The clock, re-read every `everyMs`. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useLayoutEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** The distance from the top of the page to the element (for a box filling the rest of the viewport). */
export function useTopOffset(ref: RefObject<HTMLElement | null>, active: boolean): number {
  const [top, setTop] = useState(64);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const el = ref.current;
      if (el) setTop(Math.max(0, Math.round(el.getBoundingClientRect().top + window.scrollY)));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [ref, active]);
  return top;
}

/** The fresh / stale / offline counts, each a toggle of that state's markers. */
export function Counts({ counts, shown, onToggle }: { counts: Record<Freshness, number>; shown: ReadonlySet<Freshness>; onToggle: (f: Freshness) => void }) {
  const { t } = useTranslation();
  return (
    <HStack gap="1.5" wrap="wrap" role="group" aria-label={t('tracking.counts.label')}>
      {FRESHNESS.map((f) => (
        <Button key={f} size="xs" variant={shown.has(f) ? 'subtle' : 'outline'} colorPalette={shown.has(f) ? 'blue' : 'gray'} aria-pressed={shown.has(f)} onClick={() => onToggle(f)} data-testid={`count-${f}`}>
          <FreshnessGlyph state={f} size={14} />
          {t(`tracking.freshness.${f}`)}
          <Text as="span" fontWeight="bold" data-testid={`count-${f}-value`}>
            {counts[f]}
          </Text>
        </Button>
      ))}
    </HStack>
  );
}

/** The selected executive: position, accuracy, time, source, battery, visits; show on map, open today's trail. */
export function SelectedCard({ e, statusLine, onShow, onTrail, zone }: { e: ExecutivePosition; statusLine: string; onShow: () => void; onTrail: () => void; zone: string | undefined }) {
  const { t, i18n } = useTranslation();
  const p = e.position;
  return (
    <Card.Root size="sm" variant="outline" data-testid="selected-executive">
      <Card.Body gap="1" p="3">
        <Flex align="center" gap="2">
          <FreshnessGlyph state={e.freshness} />
          <Text fontWeight="semibold" flex="1" truncate>
            {e.name}
          </Text>
        </Flex>
        <Text fontSize="sm">{statusLine}</Text>
        {p ? (
          <Text fontSize="xs" color="fg.muted" data-testid="selected-position">
            {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)}
            {p.accuracy_m !== null ? ` · ±${Math.round(p.accuracy_m)} m` : ''}
            {` · ${formatClock(p.recorded_at, i18n.language, zone)}`}
            {` · ${t(`tracking.source.${p.source}`)}`}
            {p.battery !== null ? ` · ${t('tracking.selected.battery', { percent: p.battery })}` : ''}
          </Text>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            {t('tracking.list.no_position')}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          {t('tracking.list.visits', { count: e.visits_today })}
          {e.visits_today_flagged > 0 ? ` · ${t('tracking.list.flagged', { count: e.visits_today_flagged })}` : ''}
        </Text>
        <HStack gap="2" mt="1">
          {p && (
            <Button size="xs" variant="outline" onClick={onShow}>
              <Crosshair aria-hidden /> {t('tracking.selected.show_on_map')}
            </Button>
          )}
          <Button size="xs" colorPalette="blue" onClick={onTrail} data-testid="open-trail">
            <Route aria-hidden /> {t('tracking.trail.open_today')}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The map-first layout's floating side panel. */
export function PanelBox({ children }: { children: ReactNode }) {
  return (
    <Stack width="22rem" flexShrink={0} bg="bg" borderWidth="1px" rounded="md" p="3" minH="0" overflow="hidden">
      {children}
    </Stack>
  );
}
