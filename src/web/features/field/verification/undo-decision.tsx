/**
 * Undo for the verification decision (issue 12: "A" approves with one key press, so it must be
 * undoable). The server keeps a decision for good (a decided visit answers 409 on a second
 * decision, and no endpoint re-opens one), so a decision is held here for UNDO_MS before it is sent:
 * Undo (the banner's button or the U key) drops it; a newer decision, another tab, leaving the page
 * or closing it (pagehide) sends it at once. The banner is a polite live region, so a screen
 * reader hears "… approved" and where Undo is; the timer pauses while the banner has the focus or
 * the pointer (WCAG 2.2.1, enough time to reach the button).
 */
import { Box, Button, HStack, Kbd, Text } from '@chakra-ui/react';
import { Undo2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VerificationItem } from '../../../../domain/contracts/field/verification';
import type { VerificationDecision } from '../../../../domain/field/verification';
import { isShortcut } from './shortcuts';

/** How long a decision waits for Undo before it is sent (ms). */
export const UNDO_MS = 8000;

/** A decision taken but not sent yet. */
export interface HeldDecision {
  item: VerificationItem;
  decision: VerificationDecision;
  reason: string;
}

/**
 * The decision held for undo.
 * @param send sends a decision (called once per decision not undone)
 * @returns `held` (what the banner shows), `hold` (take a decision: sends the one held before),
 *   `undo` (drops the held one and returns it), `flush` (sends it now), `pause`/`resume` the timer
 */
export function useHeldDecision(send: (decision: HeldDecision) => void, ms: number = UNDO_MS) {
  const [held, setHeld] = useState<HeldDecision | null>(null);
  const current = useRef<{ decision: HeldDecision; timer: number | undefined } | null>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const flush = useCallback(() => {
    const now = current.current;
    if (!now) return;
    window.clearTimeout(now.timer);
    current.current = null;
    setHeld(null);
    sendRef.current(now.decision);
  }, []);
  const hold = useCallback(
    (decision: HeldDecision) => {
      flush();
      current.current = { decision, timer: window.setTimeout(flush, ms) };
      setHeld(decision);
    },
    [flush, ms],
  );
  const undo = useCallback((): HeldDecision | null => {
    const now = current.current;
    if (!now) return null;
    window.clearTimeout(now.timer);
    current.current = null;
    setHeld(null);
    return now.decision;
  }, []);
  const pause = useCallback(() => {
    if (current.current) window.clearTimeout(current.current.timer);
  }, []);
  const resume = useCallback(() => {
    const now = current.current;
    if (!now) return;
    window.clearTimeout(now.timer);
    now.timer = window.setTimeout(flush, ms);
  }, [flush, ms]);

  // Leaving the screen (another route, or the page closing) sends what is held: it was decided.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return { held, hold, undo, flush, pause, resume };
}

interface UndoBannerProps {
  held: HeldDecision | null;
  /** What was just undone (announced), or null. */
  undone: HeldDecision | null;
  onUndo: () => void;
  onPause: () => void;
  onResume: () => void;
}

/** The "Visit of … approved — Undo" banner; U undoes from anywhere on the screen (not while typing). */
export function UndoBanner({ held, undone, onUndo, onPause, onResume }: UndoBannerProps) {
  const { t } = useTranslation();
  const onUndoRef = useRef(onUndo);
  useEffect(() => {
    onUndoRef.current = onUndo;
  }, [onUndo]);
  const active = held !== null;
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e) || (e.key !== 'u' && e.key !== 'U')) return;
      e.preventDefault();
      onUndoRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);

  const name = (d: HeldDecision) => d.item.loan.applicant_name ?? d.item.loan.loan_id;
  return (
    // Always mounted: a live region must exist before its text changes to be announced.
    // Bottom centre on a phone (above the bottom bar); on a desk under the list, clear of the review's buttons.
    <Box position="fixed" insetInline="0" bottom={{ base: '20', md: '6' }} ps={{ md: '72' }} display="flex" justifyContent={{ base: 'center', md: 'flex-start' }} pointerEvents="none" zIndex="toast">
      <Box role="status" aria-live="polite" aria-atomic="true" data-testid="decision-undo" pointerEvents="auto">
        {held ? (
          <HStack
            gap="3"
            bg="gray.900"
            color="white"
            rounded="md"
            shadow="lg"
            px="4"
            py="2.5"
            maxW="calc(100vw - 2rem)"
            onFocus={onPause}
            onBlur={onResume}
            onPointerEnter={onPause}
            onPointerLeave={onResume}
          >
            <Text fontSize="sm">
              {t(held.decision === 'approved' ? 'verification.approved_toast' : 'verification.rejected_toast', { name: name(held) })}
            </Text>
            <Button size="sm" variant="subtle" colorPalette="gray" onClick={onUndo} aria-keyshortcuts="U" data-testid="undo-decision">
              <Undo2 aria-hidden /> {t('verification.undo')} <Kbd size="sm" hideBelow="md">U</Kbd>
            </Button>
          </HStack>
        ) : undone ? (
          <Text srOnly>{t('verification.undone', { name: name(undone) })}</Text>
        ) : null}
      </Box>
    </Box>
  );
}
