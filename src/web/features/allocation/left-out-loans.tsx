/**
 * The loans a territory suggestion left out, and why (issue 12): no address point, no chosen
 * executive's base within the reach (with the nearest base's distance), or no chosen executive with
 * a base at all. A count per reason, and the loans themselves (the first LIST_MAX) on demand.
 */
import { Alert, Box, Button, List, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEFT_OUT_REASONS } from '../../../domain/allocation/suggest';
import type { Proposal } from './proposal';

/** Loans listed at most (the counts cover them all). */
const LIST_MAX = 200;

export function LeftOutLoans({ proposal }: { proposal: Proposal }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { leftOut, maxKm } = proposal;
  if (leftOut.length === 0) return null;
  const reasonText = (l: Proposal['leftOut'][number]) => t(`assignment.left_out_reason.${l.reason}`, { km: maxKm, nearest: l.nearest_km?.toFixed(1) ?? '' });
  return (
    <Alert.Root status="info" data-testid="left-out">
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Title>{t('assignment.left_out_title', { count: leftOut.length, formatted: leftOut.length.toLocaleString() })}</Alert.Title>
        <List.Root gap="0.5" ps="4" fontSize="sm">
          {LEFT_OUT_REASONS.map((reason) => {
            const n = leftOut.filter((l) => l.reason === reason).length;
            return n === 0 ? null : (
              <List.Item key={reason} data-testid={`left-out-${reason}`}>
                {t(`assignment.left_out_count.${reason}`, { count: n, formatted: n.toLocaleString(), km: maxKm })}
              </List.Item>
            );
          })}
        </List.Root>
        <Box>
          <Button size="xs" variant="ghost" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />} {t('assignment.left_out_show')}
          </Button>
        </Box>
        {open && (
          // A scrolling list keeps the map and the table in reach; focusable, so a keyboard can scroll it.
          <Box maxH="15rem" overflowY="auto" tabIndex={0} role="region" aria-label={t('assignment.left_out_show')} rounded="sm">
            <List.Root gap="0.5" ps="4" fontSize="sm" data-testid="left-out-list">
              {leftOut.slice(0, LIST_MAX).map((l) => (
                <List.Item key={l.loan_id}>
                  <Text as="span" fontWeight="medium">
                    {l.loan_id}
                  </Text>
                  {' — '}
                  {reasonText(l)}
                </List.Item>
              ))}
              {leftOut.length > LIST_MAX && <List.Item>{t('assignment.left_out_more', { count: leftOut.length - LIST_MAX })}</List.Item>}
            </List.Root>
          </Box>
        )}
      </Stack>
    </Alert.Root>
  );
}
