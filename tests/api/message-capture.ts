/**
 * What the message provider was handed, for tests that need a code the user would read in their
 * inbox (an OTP, an email-change code). The message_outbox table leaves secrets out (issue 12), so
 * tests read them where the user would: from the delivered message. Spies on the local provider
 * (the default of test apps) and still calls through, so its log lines are written as before.
 */
import { vi } from 'vitest';
import type { OutboundMessage } from '../../src/server/messaging/provider';
import { LocalLogMessageProvider } from '../../src/server/messaging/provider';

/** Starts capturing in this test file; `latest` answers the newest message to `recipient` with `template`. */
export function captureMessages() {
  const spy = vi.spyOn(LocalLogMessageProvider.prototype, 'send');
  const sent = () => spy.mock.calls.map(([message]) => message as OutboundMessage);
  return {
    sent,
    /** @throws when no such message was sent. */
    latest(recipient: string, template: string): OutboundMessage {
      const found = sent().filter((m) => m.recipient === recipient && m.template === template).at(-1);
      if (!found) throw new Error(`no "${template}" message to ${recipient}`);
      return found;
    },
  };
}
