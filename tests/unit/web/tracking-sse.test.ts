/**
 * The live positions stream reader (issue 5 "Field-force tracking": live updates over Server-Sent
 * Events read with fetch streaming): the event-stream parser fed chunked text, and the reconnecting
 * loop against fake streams.
 */
import { describe, expect, it } from 'vitest';
import { createSseParser, reconnectDelay, runLiveStream, type LiveStatus, type SseMessage } from '../../../src/web/lib/sse-reader';

function parseChunks(chunks: string[]): { messages: SseMessage[]; retries: number[] } {
  const messages: SseMessage[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    (m) => messages.push(m),
    (ms) => retries.push(ms),
  );
  for (const c of chunks) parser.push(c);
  return { messages, retries };
}

const position = (user: string, lat: number) => JSON.stringify({ user_id: user, name: 'Ganesh', latitude: lat, longitude: 73.78, accuracy_m: 10, battery: null, source: 'timer', recorded_at: '2026-11-22T10:00:00.000Z' });

describe('createSseParser', () => {
  const stream = `retry: 5000\n\nevent: position\nid: 1\ndata: ${position('u1', 19.9)}\n\n: ping\n\nevent: position\nid: 2\ndata: ${position('u2', 20.1)}\n\n`;

  it('reads the server stream the same whether it comes whole or one character at a time', () => {
    const whole = parseChunks([stream]);
    const bytewise = parseChunks(stream.split(''));
    expect(whole.messages).toEqual(bytewise.messages);
    expect(whole.messages.map((m) => [m.event, m.id, (JSON.parse(m.data) as { user_id: string }).user_id])).toEqual([
      ['position', '1', 'u1'],
      ['position', '2', 'u2'],
    ]);
    expect(whole.retries).toEqual([5000]);
  });

  it('waits for the blank line: an event cut mid-line is not dispatched until it is complete', () => {
    const messages: SseMessage[] = [];
    const parser = createSseParser((m) => messages.push(m));
    const text = `event: position\ndata: ${position('u1', 19.9)}\n\n`;
    parser.push(text.slice(0, 30));
    parser.push(text.slice(30, text.length - 1));
    expect(messages).toHaveLength(0);
    parser.push('\n');
    expect(messages).toHaveLength(1);
    expect((JSON.parse(messages[0].data) as { latitude: number }).latitude).toBe(19.9);
  });

  it('accepts CRLF and CR line ends, even a CRLF split across chunks', () => {
    const { messages } = parseChunks(['event: position\r', '\ndata: a\r\n\r', '\ndata: b\r\rdata: c\n\n']);
    expect(messages.map((m) => [m.event, m.data])).toEqual([
      ['position', 'a'],
      ['message', 'b'],
      ['message', 'c'],
    ]);
  });

  it('joins data lines, ignores comments and unknown fields, strips one leading space and a BOM', () => {
    const { messages } = parseChunks(['\ufeff: hello\nfoo: bar\ndata:  two spaces\ndata\ndata:x\n\n']);
    expect(messages).toEqual([{ event: 'message', data: ' two spaces\n\nx', id: '' }]);
  });

  it('does not dispatch an event without data, and the event name does not leak into the next', () => {
    const { messages } = parseChunks(['event: position\n\ndata: plain\n\n']);
    expect(messages).toEqual([{ event: 'message', data: 'plain', id: '' }]);
  });
});

/** A Response whose body streams `chunks` and then ends (or stays open when `hang`). */
function streamResponse(chunks: string[], hang = false, status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      if (!hang) controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

describe('runLiveStream', () => {
  it('sends the auth headers, goes live, reconnects with backoff after the stream ends, and says it reconnected', async () => {
    const controller = new AbortController();
    const statuses: Array<[LiveStatus, boolean | undefined]> = [];
    const messages: string[] = [];
    const waits: number[] = [];
    const seenHeaders: Array<Record<string, string>> = [];
    let n = 0;
    const fetchImpl = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      seenHeaders.push(init?.headers as Record<string, string>);
      n += 1;
      if (n === 1) return streamResponse(['retry: 4000\n\n', `event: position\ndata: ${position('u1', 19.9)}\n\n`]);
      if (n === 2) throw new TypeError('Failed to fetch');
      if (n === 3) return streamResponse([`event: position\ndata: ${position('u1', 19.95)}\n`, '\n']);
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    }) as typeof fetch;
    await runLiveStream({
      url: '/api/fos/tracking/stream?company_id=c1',
      headers: () => ({ authenticationtoken: 'tok', 'X-Company-ID': 'c1' }),
      onMessage: (m) => messages.push(m.data),
      onStatus: (s, info) => statuses.push([s, info?.reconnected]),
      signal: controller.signal,
      fetchImpl,
      sleep: async (ms) => {
        waits.push(ms);
      },
      random: () => 0.5,
    });
    expect(seenHeaders[0]).toMatchObject({ authenticationtoken: 'tok', 'X-Company-ID': 'c1', Accept: 'text/event-stream' });
    expect(messages.map((d) => (JSON.parse(d) as { latitude: number }).latitude)).toEqual([19.9, 19.95]);
    // The server's retry (4 s) is the first wait; a failed try doubles it.
    expect(waits).toEqual([4000, 8000, 4000]);
    expect(statuses).toEqual([
      ['connecting', undefined],
      ['live', false],
      ['reconnecting', undefined],
      ['reconnecting', undefined],
      ['live', true],
      ['reconnecting', undefined],
      ['stopped', undefined],
    ]);
  });

  it('stops for good on 401 instead of hammering the server', async () => {
    const controller = new AbortController();
    const statuses: Array<[LiveStatus, number | undefined]> = [];
    let calls = 0;
    await runLiveStream({
      url: '/s',
      headers: () => ({}),
      onMessage: () => undefined,
      onStatus: (s, info) => statuses.push([s, info?.httpStatus]),
      signal: controller.signal,
      fetchImpl: (async () => {
        calls += 1;
        return new Response('{"message":"Session expired"}', { status: 401 });
      }) as typeof fetch,
      sleep: async () => undefined,
    });
    expect(calls).toBe(1);
    expect(statuses).toEqual([
      ['connecting', undefined],
      ['stopped', 401],
    ]);
  });

  it('treats a silent connection as dead and reconnects', async () => {
    const controller = new AbortController();
    const statuses: LiveStatus[] = [];
    let calls = 0;
    await runLiveStream({
      url: '/s',
      headers: () => ({}),
      onMessage: () => undefined,
      onStatus: (s) => statuses.push(s),
      signal: controller.signal,
      idleTimeoutMs: 30,
      fetchImpl: (async () => {
        calls += 1;
        if (calls === 2) controller.abort();
        return streamResponse([': ping\n\n'], true);
      }) as typeof fetch,
      sleep: async () => undefined,
    });
    expect(calls).toBe(2);
    expect(statuses.slice(0, 3)).toEqual(['connecting', 'live', 'reconnecting']);
    expect(statuses.at(-1)).toBe('stopped');
  });

  it('waits longer after each failure up to the ceiling', () => {
    expect(reconnectDelay(1, 3000, 60_000, () => 0.5)).toBe(3000);
    expect(reconnectDelay(3, 3000, 60_000, () => 0.5)).toBe(12_000);
    expect(reconnectDelay(10, 3000, 60_000, () => 0.5)).toBe(60_000);
    expect(reconnectDelay(10, 3000, 60_000, () => 1)).toBeLessThanOrEqual(72_000);
  });
});
