/**
 * The side list of executives of the tracking screen (issue 5: "a side list of executives synced
 * with the map"): virtualised (@tanstack/react-virtual), so 10,000 rows cost what the visible ones
 * cost. Picking a row selects the executive and brings them into view on the map; a marker picked
 * on the map scrolls its row into view.
 */
import { Badge, Box, chakra, Flex, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExecutivePosition } from '../../../../domain/contracts/field/tracking';
import { FreshnessGlyph } from './tracking-symbols';

/** Row height in px (rows are drawn at exactly this height). */
const ROW_HEIGHT = 64;

export interface ExecutiveListProps {
  executives: readonly ExecutivePosition[];
  selectedId: string | null;
  onPick: (userId: string) => void;
  /** 'Fresh · 3 min ago' */
  statusLine: (e: ExecutivePosition) => string;
}

export function ExecutiveList({ executives, selectedId, onPick, statusLine }: ExecutiveListProps) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: executives.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 8, getItemKey: (i) => executives[i].user_id });

  useEffect(() => {
    if (!selectedId) return;
    const index = executives.findIndex((e) => e.user_id === selectedId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
    // Only when the selection changes, not when a live move re-renders the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  const items = virtualizer.getVirtualItems();
  return (
    <Box ref={scrollRef} flex="1" minH="0" overflowY="auto" data-testid="executive-list">
      <Box as="ul" listStyleType="none" m="0" p="0" position="relative" height={`${virtualizer.getTotalSize()}px`} aria-label={t('tracking.list.label')}>
        {items.map((item) => {
          const e = executives[item.index];
          const selected = e.user_id === selectedId;
          return (
            <Box as="li" key={item.key} position="absolute" top="0" insetInline="0" height={`${ROW_HEIGHT}px`} transform={`translateY(${item.start}px)`} aria-setsize={executives.length} aria-posinset={item.index + 1}>
              <chakra.button
                type="button"
                display="flex"
                w="full"
                h="full"
                alignItems="center"
                gap="3"
                px="3"
                textAlign="start"
                borderBottomWidth="1px"
                bg={selected ? 'blue.subtle' : 'transparent'}
                _hover={{ bg: selected ? 'blue.subtle' : 'bg.muted' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.solid', outlineOffset: '-2px' }}
                aria-pressed={selected}
                onClick={() => onPick(e.user_id)}
                data-testid="executive-row"
                data-user-id={e.user_id}
                data-freshness={e.freshness}
              >
                <FreshnessGlyph state={e.freshness} />
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" truncate>
                    {e.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {statusLine(e)}
                    {e.team || e.territory ? ` · ${[e.team, e.territory].filter(Boolean).join(' · ')}` : ''}
                  </Text>
                </Box>
                <Flex direction="column" align="end" gap="0.5" flexShrink={0}>
                  <Text fontSize="xs" color="fg.muted">
                    {t('tracking.list.visits', { count: e.visits_today })}
                  </Text>
                  {e.visits_today_flagged > 0 && (
                    <Badge size="xs" colorPalette="orange">
                      {t('tracking.list.flagged', { count: e.visits_today_flagged })}
                    </Badge>
                  )}
                </Flex>
              </chakra.button>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
