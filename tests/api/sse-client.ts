/** Reads a Server-Sent Events answer in tests and benches: calls `onEvent` for each event until the stream ends or is aborted. */
import { createParser } from 'eventsource-parser';

export function readEventStream(body: NonNullable<Response['body']>, onEvent: (event: string, data: string) => void): void {
  const parser = createParser({ onEvent: (e) => onEvent(e.event ?? 'message', e.data) });
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      parser.feed(value ?? '');
    }
  })();
}
