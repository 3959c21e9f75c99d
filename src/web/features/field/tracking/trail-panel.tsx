/**
 * One executive's day beside the map (issue 5 "Pick an executive and a day → the trail"): the day
 * picker, distance travelled, stops with time spent, and the timeline of stops and visits (time,
 * disposition, loan, verification status) in the company's time zone. Picking a visit shows it on
 * the map. Empty day: "No positions recorded on this day".
 */
import { Alert, Badge, Box, Button, chakra, Flex, Heading, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TrailResponse } from '../../../../domain/contracts/field/tracking';
import { addDays } from '../../../../domain/common/dates';
import { EmptyState, ErrorState, LoadingState } from '../../../components/query-state';
import { dayTimeline, formatClock } from './tracking-model';
import { VisitNumber } from './tracking-symbols';

const VERIFICATION_PALETTE: Record<string, string> = { pending: 'orange', approved: 'green', rejected: 'red', not_required: 'gray' };

export interface TrailPanelProps {
  name: string;
  date: string;
  today: string;
  onDate: (date: string) => void;
  onBack: () => void;
  trail: { data: TrailResponse | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  focusVisit: string | null;
  onPickVisit: (visitId: string) => void;
}

function Stat({ label, value, testId, small }: { label: string; value: string; testId?: string; small?: boolean }) {
  return (
    <Box borderWidth="1px" rounded="md" px="2.5" py="1.5" bg="bg">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" fontSize={small ? 'sm' : 'md'} data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

export function TrailPanel({ name, date, today, onDate, onBack, trail, focusVisit, onPickVisit }: TrailPanelProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = trail.data && trail.data.date === date ? trail.data : undefined;
  const zone = data?.time_zone;
  const km = (n: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: n < 10 ? 2 : 1 }).format(n);

  return (
    <Stack gap="3" flex="1" minH="0" data-testid="trail-panel">
      <Box>
        <Button size="xs" variant="ghost" px="1" onClick={onBack}>
          <ArrowLeft aria-hidden /> {t('tracking.trail.back')}
        </Button>
        <Heading as="h2" size="md" mt="1" truncate>
          {t('tracking.trail.title', { name })}
        </Heading>
      </Box>
      <HStack gap="1" align="end">
        <Box flex="1">
          <chakra.label htmlFor="trail-date" fontSize="xs" color="fg.muted" display="block">
            {t('tracking.trail.day')}
          </chakra.label>
          <Input id="trail-date" type="date" size="sm" value={date} max={today} onChange={(e) => e.target.value && onDate(e.target.value)} data-testid="trail-date" />
        </Box>
        <IconButton size="sm" variant="outline" aria-label={t('tracking.trail.previous_day')} onClick={() => onDate(addDays(date, -1))}>
          <ChevronLeft />
        </IconButton>
        <IconButton size="sm" variant="outline" aria-label={t('tracking.trail.next_day')} disabled={date >= today} onClick={() => onDate(addDays(date, 1))}>
          <ChevronRight />
        </IconButton>
      </HStack>

      {trail.isError ? (
        <ErrorState error={trail.error} onRetry={() => void trail.refetch()} />
      ) : !data ? (
        <LoadingState label={t('tracking.trail.loading')} />
      ) : data.points.length === 0 && data.visits.length === 0 ? (
        <EmptyState>{t('tracking.trail.empty')}</EmptyState>
      ) : (
        <>
          <SimpleGrid columns={2} gap="2">
            <Stat label={t('tracking.trail.distance')} value={t('tracking.trail.km', { km: km(data.distance_km) })} testId="trail-distance" />
            <Stat label={t('tracking.trail.visits')} value={String(data.visits.length)} testId="trail-visit-count" />
            <Stat label={t('tracking.trail.stops')} value={String(data.stops.length)} />
            <Stat
              small
              label={t('tracking.trail.active')}
              value={data.points.length > 0 ? `${formatClock(data.points[0].recorded_at, lang, zone)}–${formatClock(data.points[data.points.length - 1].recorded_at, lang, zone)}` : '—'}
            />
          </SimpleGrid>
          {data.points.length === 0 && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Description>{t('tracking.trail.empty')}</Alert.Description>
            </Alert.Root>
          )}
          <Text fontSize="xs" color="fg.muted">
            {t('tracking.trail.positions', { count: data.points.length })}
          </Text>
          <Box flex="1" minH="0" overflowY="auto" mx="-1" px="1">
            <Stack as="ol" listStyleType="none" m="0" p="0" gap="1.5" aria-label={t('tracking.trail.timeline')} data-testid="trail-timeline">
              {dayTimeline(data).map((entry) =>
                entry.kind === 'stop' ? (
                  <Flex as="li" key={`s${entry.index}`} gap="2.5" align="center" px="2" py="1.5" rounded="md" bg="purple.subtle" data-testid="timeline-stop">
                    <Box boxSize="3.5" rounded="full" bg="#7c3aed" flexShrink={0} aria-hidden />
                    <Box flex="1" minW="0">
                      <Text fontSize="sm" fontWeight="medium">
                        {t('tracking.trail.stopped', { count: entry.stop.minutes })}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {formatClock(entry.stop.arrived_at, lang, zone)}–{formatClock(entry.stop.left_at, lang, zone)}
                        {entry.stop.visit_ids.length > 0 ? ` · ${t('tracking.trail.visits_here', { count: entry.stop.visit_ids.length })}` : ''}
                      </Text>
                    </Box>
                  </Flex>
                ) : (
                  <Box as="li" key={entry.visit.visit_id}>
                    <chakra.button
                      type="button"
                      display="flex"
                      w="full"
                      gap="2.5"
                      alignItems="start"
                      textAlign="start"
                      px="2"
                      py="1.5"
                      rounded="md"
                      borderWidth="1px"
                      bg={focusVisit === entry.visit.visit_id ? 'blue.subtle' : 'bg'}
                      _hover={{ bg: focusVisit === entry.visit.visit_id ? 'blue.subtle' : 'bg.muted' }}
                      aria-pressed={focusVisit === entry.visit.visit_id}
                      onClick={() => onPickVisit(entry.visit.visit_id)}
                      data-testid="timeline-visit"
                    >
                      <VisitNumber n={entry.visit.sequence} disposition={entry.visit.disposition} />
                      <Box flex="1" minW="0">
                        <Text fontSize="sm" fontWeight="medium">
                          {formatClock(entry.visit.checked_in_at, lang, zone)} · {t(`field.disposition.${entry.visit.disposition}`, { defaultValue: entry.visit.disposition })}
                        </Text>
                        <Text fontSize="xs" color="fg.muted" truncate>
                          {t('tracking.trail.loan', { id: entry.visit.loan_id })}
                          {entry.visit.latitude === null ? ` · ${t('tracking.trail.no_location')}` : ''}
                        </Text>
                        <HStack gap="1" mt="1" wrap="wrap">
                          <Badge size="xs" colorPalette={VERIFICATION_PALETTE[entry.visit.verification_status] ?? 'gray'}>
                            {t(`tracking.verification.${entry.visit.verification_status}`)}
                          </Badge>
                          {entry.visit.flags.map((f) => (
                            <Badge key={f} size="xs" variant="outline" colorPalette="orange">
                              {t(`tracking.flags.${f}`)}
                            </Badge>
                          ))}
                        </HStack>
                      </Box>
                    </chakra.button>
                  </Box>
                ),
              )}
            </Stack>
          </Box>
        </>
      )}
    </Stack>
  );
}
