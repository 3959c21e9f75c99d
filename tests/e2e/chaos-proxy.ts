/**
 * A hostile network for the end-to-end tests and benchmarks (issue 4 "Hostile network": some
 * requests fail with 500, the connection drops after the server committed, answers are slow).
 *
 * An HTTP proxy (node:http) put between the browser and the e2e server. Point the page at `url`
 * instead of the server; every request is forwarded unchanged (method, path, headers, body) unless
 * the current mode says otherwise. The mode can be switched at any time while the test runs.
 *
 * Modes (each applies to the requests chosen by `every` / `fraction` / `match`, the rest pass):
 * - `pass`: forward everything.
 * - `refuse`: do not forward; destroy the client socket (as a dead network does) or, with
 *   `refuseWith: '503'`, answer 503 (as a load balancer with no backend does).
 * - `fail500`: do not forward; answer 500 with the API's error envelope.
 * - `dropAfterCommit`: forward, wait for the server's whole answer (so the write is committed),
 *   then destroy the client socket without answering: the phone must retry, the server must
 *   replay the stored answer (Idempotency-Key), and nothing may be stored twice.
 * - `slow`: wait `delayMs` before forwarding (and again before answering when `slowResponse`).
 *
 * Choosing requests: `match` (a RegExp on "METHOD /path?query", default: every request) narrows
 * the mode, e.g. /^POST \/api\/fos\//, so the app shell and sign-in stay healthy; then `every: N`
 * hits every Nth matching request (1st-based: N, 2N, …), `fraction: 0.3` hits each matching request
 * with that probability (seeded by `seed` for a repeatable run), neither: every matching request.
 *
 * Example:
 *   const proxy = await startChaosProxy({ target: 'http://localhost:8787' });
 *   await page.goto(`${proxy.url}/login`);
 *   proxy.setMode('fail500', { every: 3, match: /^POST \/api\// });
 *   …
 *   proxy.setMode('pass');
 *   expect(proxy.stats.failed500).toBeGreaterThan(0);
 *   await proxy.close();
 *
 * Link shape (independent of the mode, for the benchmarks): `setLink({ mbps: 1.6, rttMs: 150 })`
 * makes the proxy behave as a slow mobile link. Each direction is one shared pipe of `mbps`
 * (request bodies going up, answers coming down, all connections together, as on the phone's one
 * radio; headers count too); every request waits one round trip (half before it reaches the
 * server, half before its answer starts back) and a new connection one more (the TCP handshake).
 * This shapes what the service worker sends as well, which CDP's network throttling does not
 * reliably do. `setLink(null)` removes it; `stats.bytesUp` / `bytesDown` count what went through.
 *
 * Note for service-worker tests: a page on `proxy.url` is a different origin from the server's,
 * so it gets its own service worker, IndexedDB and localStorage: sign in through the proxy.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';

export type ChaosMode = 'pass' | 'refuse' | 'fail500' | 'dropAfterCommit' | 'slow';

export interface ChaosOptions {
  /** Only requests whose "METHOD /path?query" matches are affected (default: all). */
  match?: RegExp;
  /** Affect every Nth matching request (counted from the moment the mode was set). */
  every?: number;
  /** Affect each matching request with this probability, 0..1. */
  fraction?: number;
  /** Seed of the `fraction` draws (default 1), for a repeatable run. */
  seed?: number;
  /** `slow`: delay before forwarding, ms (default 2000). */
  delayMs?: number;
  /** `slow`: also wait `delayMs` before passing the answer back. */
  slowResponse?: boolean;
  /** `refuse`: destroy the socket (default) or answer 503. */
  refuseWith?: 'close' | '503';
}

/** A slow link's shape: bandwidth each way (megabits per second) and the round trip added (ms). */
export interface LinkShape {
  mbps: number;
  rttMs: number;
}

/** What the proxy did, since it started (reset with `resetStats`). */
export interface ChaosStats {
  total: number;
  forwarded: number;
  refused: number;
  failed500: number;
  /** Forwarded, answered by the server, and the answer thrown away. */
  dropped: number;
  delayed: number;
  /** Upstream connection errors (the server down), answered 502. */
  upstreamErrors: number;
  /** Bytes sent towards the server (request lines, headers and bodies). */
  bytesUp: number;
  /** Bytes sent back to the browser (status lines, headers and bodies). */
  bytesDown: number;
}

export interface ChaosProxy {
  /** e.g. 'http://localhost:39123' (no trailing slash). */
  url: string;
  port: number;
  setMode(mode: ChaosMode, opts?: ChaosOptions): void;
  readonly mode: ChaosMode;
  /** Shapes every request as a slow link (null: full speed, the default). */
  setLink(link: LinkShape | null): void;
  readonly link: LinkShape | null;
  readonly stats: ChaosStats;
  resetStats(): void;
  /** Stops listening and destroys every open connection. */
  close(): Promise<void>;
}

/** Mulberry32: a small seeded PRNG, so a `fraction` run hits the same requests each time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const emptyStats = (): ChaosStats => ({ total: 0, forwarded: 0, refused: 0, failed500: 0, dropped: 0, delayed: 0, upstreamErrors: 0, bytesUp: 0, bytesDown: 0 });

/**
 * One direction of a slow link: bytes leave in order, `bitsPerSecond` at most, shared by every
 * stream that goes through it (the pipe's next free moment moves on with each slice sent).
 */
class LinkPipe {
  private freeAt = 0;
  constructor(readonly bitsPerSecond: number) {}

  /** Waits until `bytes` more have crossed the link (after whatever is queued before them). */
  async send(bytes: number): Promise<void> {
    const now = performance.now();
    this.freeAt = Math.max(now, this.freeAt) + (bytes * 8 * 1000) / this.bitsPerSecond;
    await sleep(this.freeAt - now);
  }

  /** A stream that lets its data through at the link's pace, in slices of 8 KB (about 40 ms at 1.6 Mbps). */
  stream(count: (n: number) => void): Transform {
    const send = (n: number) => this.send(n);
    return new Transform({
      transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
        void (async () => {
          for (let at = 0; at < chunk.length; at += 8192) {
            const slice = chunk.subarray(at, at + 8192);
            await send(slice.length);
            count(slice.length);
            this.push(slice);
          }
          done();
        })();
      },
    });
  }
}

/** Bytes of a request or status line plus headers, as sent on the wire (approximately). */
function headBytes(firstLine: string, rawHeaders: string[]): number {
  let n = firstLine.length + 4;
  for (let i = 0; i < rawHeaders.length; i += 2) n += rawHeaders[i].length + rawHeaders[i + 1].length + 4;
  return n;
}

/**
 * Starts the proxy in front of `target` (e.g. 'http://localhost:8787') on `port` (0: any free
 * port) on 127.0.0.1 (reachable as localhost). Starts in mode `pass`.
 */
export async function startChaosProxy({ target, port = 0, host = '127.0.0.1' }: { target: string; port?: number; host?: string }): Promise<ChaosProxy> {
  const upstream = new URL(target);
  let mode: ChaosMode = 'pass';
  let opts: ChaosOptions = {};
  let matched = 0;
  let random = seeded(1);
  let stats = emptyStats();
  const sockets = new Set<Socket>();
  /** Client connections that already carried a request (the handshake round trip is paid once). */
  const warm = new WeakSet<Socket>();
  let link: LinkShape | null = null;
  let up: LinkPipe | null = null;
  let down: LinkPipe | null = null;
  const agent = new http.Agent({ keepAlive: true });

  /** Whether the current mode applies to this request (counts matching requests). */
  function hits(req: http.IncomingMessage): boolean {
    if (mode === 'pass') return false;
    if (opts.match && !opts.match.test(`${req.method} ${req.url}`)) return false;
    matched += 1;
    if (opts.every && opts.every > 0) return matched % opts.every === 0;
    if (opts.fraction !== undefined) return random() < opts.fraction;
    return true;
  }

  /**
   * Forwards the request; resolves with the upstream answer (body not yet read) or null on error.
   * On a shaped link the request first pays its latency (plus the handshake on a new connection)
   * and its head, then its body goes up at the link's pace.
   */
  async function forward(req: http.IncomingMessage): Promise<http.IncomingMessage | null> {
    const headSize = headBytes(`${req.method} ${req.url} HTTP/1.1`, req.rawHeaders);
    stats.bytesUp += headSize;
    const pipeUp = up;
    if (link && pipeUp) {
      const handshake = warm.has(req.socket) ? 0 : link.rttMs;
      warm.add(req.socket);
      await sleep(handshake + link.rttMs / 2);
      await pipeUp.send(headSize);
    }
    return new Promise((resolve) => {
      const headers = { ...req.headers, host: upstream.host };
      const upReq = http.request(
        { protocol: upstream.protocol, hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
        (upRes) => resolve(upRes),
      );
      upReq.on('error', () => resolve(null));
      if (pipeUp) req.pipe(pipeUp.stream(() => undefined)).pipe(upReq);
      else req.pipe(upReq);
      req.on('data', (c: Buffer) => (stats.bytesUp += c.length));
    });
  }

  /** Passes the server's answer back; on a shaped link after half a round trip, at the link's pace. */
  async function relay(upRes: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const headSize = headBytes(`HTTP/1.1 ${upRes.statusCode} ${upRes.statusMessage ?? ''}`, upRes.rawHeaders);
    stats.bytesDown += headSize;
    const pipeDown = down;
    if (link && pipeDown) {
      await sleep(link.rttMs / 2);
      await pipeDown.send(headSize);
    }
    res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, upRes.headers);
    const count = (n: number) => (stats.bytesDown += n);
    if (pipeDown) upRes.pipe(pipeDown.stream(count)).pipe(res);
    else {
      upRes.on('data', (c: Buffer) => count(c.length));
      upRes.pipe(res);
    }
  }

  function badGateway(res: http.ServerResponse): void {
    stats.upstreamErrors += 1;
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: false, message: 'chaos proxy: the server cannot be reached', data: null }));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    stats.total += 1;
    const affected = hits(req);
    const current = affected ? mode : 'pass';
    switch (current) {
      case 'refuse': {
        stats.refused += 1;
        if (opts.refuseWith === '503') {
          req.resume();
          res.writeHead(503, { 'content-type': 'application/json', connection: 'close' });
          res.end(JSON.stringify({ success: false, message: 'chaos proxy: service unavailable', data: null }));
        } else {
          req.socket.destroy();
        }
        return;
      }
      case 'fail500': {
        stats.failed500 += 1;
        req.resume();
        await new Promise((r) => req.once('end', r));
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: 'chaos proxy: injected 500', data: null }));
        return;
      }
      case 'dropAfterCommit': {
        const upRes = await forward(req);
        if (!upRes) return badGateway(res);
        // Read the whole answer so the server has finished (committed) before the cut.
        upRes.resume();
        await new Promise((r) => upRes.once('end', r));
        stats.dropped += 1;
        req.socket.destroy();
        return;
      }
      case 'slow': {
        stats.delayed += 1;
        const delay = opts.delayMs ?? 2_000;
        await sleep(delay);
        const upRes = await forward(req);
        if (!upRes) return badGateway(res);
        if (opts.slowResponse) await sleep(delay);
        stats.forwarded += 1;
        await relay(upRes, res);
        return;
      }
      default: {
        const upRes = await forward(req);
        if (!upRes) return badGateway(res);
        stats.forwarded += 1;
        await relay(upRes, res);
      }
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Upgrades (websockets) are not used by the app; refuse them plainly.
  server.on('upgrade', (_req, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;

  return {
    url: `http://localhost:${actualPort}`,
    port: actualPort,
    get mode() {
      return mode;
    },
    get stats() {
      return stats;
    },
    setMode(next, nextOpts = {}) {
      mode = next;
      opts = nextOpts;
      matched = 0;
      random = seeded(nextOpts.seed ?? 1);
    },
    get link() {
      return link;
    },
    setLink(next) {
      link = next;
      up = next ? new LinkPipe(next.mbps * 1e6) : null;
      down = next ? new LinkPipe(next.mbps * 1e6) : null;
    },
    resetStats() {
      stats = emptyStats();
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        agent.destroy();
        server.close(() => resolve());
      });
    },
  };
}
