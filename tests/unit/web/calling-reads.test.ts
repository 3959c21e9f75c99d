/**
 * The desk's call read (issue 14): a read of a call that left before the call ended and lands
 * after the stream pushed its end must not show the call live again (seen in CI: the inbound
 * call went "Call Ended" → "On Call" and the disposition form never opened).
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../../src/domain/contracts/calling/calls';
import { callReadOptions } from '../../../src/web/features/calling/api';

const base = { call_id: 'c1', answered_at: '2026-11-25T03:00:00.000Z' } as unknown as CallRecord;
const onCall = { ...base, state: 'On Call' } as CallRecord;
const ended = { ...base, state: 'Call Ended', ended_at: '2026-11-25T03:01:00.000Z' } as CallRecord;

describe('the desk’s read of a call', () => {
  it('keeps the pushed end when an older read of the live call lands after it', async () => {
    const client = new QueryClient();
    const key = ['getCall', 'c1'];
    let release: (c: CallRecord) => void = () => undefined;
    const late = client.fetchQuery({ queryKey: key, queryFn: () => new Promise<CallRecord>((r) => (release = r)), ...callReadOptions(true) });
    // The stream's event arrives while the read is on its way.
    client.setQueryData(key, ended);
    release(onCall);
    await late;
    expect(client.getQueryData<CallRecord>(key)?.state).toBe('Call Ended');
  });
  it('takes a newer read', async () => {
    const client = new QueryClient();
    const key = ['getCall', 'c1'];
    client.setQueryData(key, onCall);
    await client.fetchQuery({ queryKey: key, queryFn: async () => ended, ...callReadOptions(true) });
    expect(client.getQueryData<CallRecord>(key)?.state).toBe('Call Ended');
  });
});
