/**
 * Self-test of the e2e chaos proxy (tests/e2e/chaos-proxy.ts): each mode does to a real HTTP
 * server what the hostile-network e2e test relies on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startChaosProxy } from '../../e2e/chaos-proxy';
import type { ChaosProxy } from '../../e2e/chaos-proxy';

/** The "server": stores each POST body (the commit) and answers 201 with a count. */
let commits: string[] = [];
let target: http.Server;
let proxy: ChaosProxy;

beforeAll(async () => {
  target = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method === 'POST') commits.push(body);
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, message: 'ok', data: { path: req.url, idem: req.headers['idempotency-key'] ?? null } }));
    });
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  proxy = await startChaosProxy({ target: `http://127.0.0.1:${(target.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await proxy.close();
  await new Promise((r) => target.close(r));
});

beforeEach(() => {
  commits = [];
  proxy.setMode('pass');
  proxy.resetStats();
});

const post = (path: string, body: string) => fetch(`${proxy.url}${path}`, { method: 'POST', body, headers: { 'Idempotency-Key': 'k-12345678' } });

describe('chaos proxy', () => {
  it('passes requests through unchanged, headers and body included', async () => {
    const res = await post('/api/fos/visits?x=1', 'hello');
    expect(res.status).toBe(201);
    expect((await res.json()).data).toEqual({ path: '/api/fos/visits?x=1', idem: 'k-12345678' });
    expect(commits).toEqual(['hello']);
  });

  it('fail500 answers 500 on every Nth matching request without forwarding it', async () => {
    proxy.setMode('fail500', { every: 2, match: /^POST \/api\// });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/a', `b${i}`)).status);
    expect(statuses).toEqual([201, 500, 201, 500]);
    expect(commits).toEqual(['b0', 'b2']);
    expect((await fetch(`${proxy.url}/index.html`)).status).toBe(200);
    expect(proxy.stats.failed500).toBe(2);
  });

  it('fail500 with a fraction hits about that share, the same ones for the same seed', async () => {
    const run = async () => {
      proxy.setMode('fail500', { fraction: 0.5, seed: 7 });
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await fetch(`${proxy.url}/x`)).status);
      return out;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    const failed = a.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(3);
    expect(failed).toBeLessThan(17);
  });

  it('refuse closes the socket (a network error) or answers 503, and never reaches the server', async () => {
    proxy.setMode('refuse');
    await expect(post('/api/a', 'x')).rejects.toThrow();
    proxy.setMode('refuse', { refuseWith: '503' });
    expect((await post('/api/a', 'y')).status).toBe(503);
    expect(commits).toEqual([]);
  });

  it('dropAfterCommit lets the server commit, then the client sees only a network error', async () => {
    proxy.setMode('dropAfterCommit');
    await expect(post('/api/a', 'committed')).rejects.toThrow();
    expect(commits).toEqual(['committed']);
    expect(proxy.stats.dropped).toBe(1);
    proxy.setMode('pass');
    expect((await post('/api/a', 'again')).status).toBe(201);
  });

  it('slow delays the answer by about delayMs', async () => {
    proxy.setMode('slow', { delayMs: 300 });
    const t0 = Date.now();
    expect((await post('/api/a', 'z')).status).toBe(201);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(proxy.stats.delayed).toBe(1);
  });

  it('a shaped link carries a body intact at no more than its bandwidth, plus its round trip', async () => {
    // 100 KB up at 1.6 Mbps is 0.5 s; one round trip of 150 ms; the answer is small.
    proxy.setLink({ mbps: 1.6, rttMs: 150 });
    try {
      const body = 'x'.repeat(100 * 1024);
      const t0 = performance.now();
      expect((await post('/api/a', body)).status).toBe(201);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(500 + 150 - 10);
      expect(commits).toEqual([body]);
      expect(proxy.stats.bytesUp).toBeGreaterThan(100 * 1024);
      expect(proxy.stats.bytesDown).toBeGreaterThan(0);
    } finally {
      proxy.setLink(null);
    }
    const t1 = performance.now();
    expect((await post('/api/a', 'fast')).status).toBe(201);
    expect(performance.now() - t1).toBeLessThan(500);
  });
});
