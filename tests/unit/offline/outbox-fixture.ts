/**
 * The outbox tests' shared setting (tests/unit/offline/outbox*.test.ts): the signed-in session, a
 * fake API with the server's idempotency rules, and bodies as the field screens make them.
 */
import { enqueue } from '../../../src/offline/outbox';

export const SESSION = { token: 'tok-1', company_id: 'demo-lender-in', user_id: 'u-fos' };

export interface Seen {
  url: string;
  headers: Record<string, string>;
  body: BodyInit | null | undefined;
}

/**
 * A fake API: answers with `answer(n, seen)` for the n-th request (1-based) and stores each
 * Idempotency-Key once, the way the server does, so a replay is visible as a second request with
 * the same key but no second record.
 */
export function fakeServer(answer: (n: number, seen: Seen) => Response | 'network-error' | 'commit-then-drop' = () => Response.json({ success: true, message: 'ok', data: {} }, { status: 201 })) {
  const requests: Seen[] = [];
  const records = new Map<string, unknown>();
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const seen = { url: String(input), headers, body: init?.body };
    requests.push(seen);
    const a = answer(requests.length, seen);
    if (a === 'network-error') throw new TypeError('Failed to fetch');
    if (a === 'commit-then-drop') {
      records.set(headers['idempotency-key'], seen.body);
      throw new TypeError('Failed to fetch');
    }
    if (a.ok && !records.has(headers['idempotency-key'])) records.set(headers['idempotency-key'], seen.body);
    return a;
  }) as typeof fetch;
  return { fetchImpl, requests, records };
}

export const fail = (status: number, message: string) => Response.json({ success: false, message, data: null }, { status });

/** A visit body as the visit form makes it. */
export function visitBody(loanId: string) {
  return {
    loan_id: loanId,
    allocation_month: '2026-11',
    latitude: 19.99,
    longitude: 73.78,
    accuracy_m: 12,
    checked_in_at: '2026-11-05T04:30:00.000Z',
    person_met: 'No one',
    disposition: 'Door Locked',
  } as const;
}

export const RECEIPT = {
  receipt_number: 'FE1-000001',
  loan_id: 'L-b',
  allocation_month: '2026-11',
  amount: 500,
  payment_mode: 'cash',
  payer_name: 'Ramesh Kumar',
  collected_at: '2026-11-05T04:30:00.000Z',
} as const;

export async function queueVisit(name: string, photo = true) {
  return enqueue('visit', {
    body: visitBody(`L-${name}`),
    files: photo ? [{ name: 'door.jpg', type: 'image/jpeg', blob: new Blob([new Uint8Array(50_000)], { type: 'image/jpeg' }) }] : [],
    loanId: `L-${name}`,
    summary: `Visit · ${name}`,
  });
}

