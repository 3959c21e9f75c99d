import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRIES, DEFAULT_COUNTRY, countryFromTrace, detectCountry } from '../../../src/domain/auth/country';

const trace = (loc: string): string => `fl=123\nh=example.com\nip=1.2.3.4\nts=1.0\nloc=${loc}\ntls=TLSv1.3\n`;
const answer = (body: string, status = 200): typeof fetch => async () => new Response(body, { status });

describe('countries (spec 1)', () => {
  it('knows India and Indonesia, India by default', () => {
    expect(COUNTRIES.INDIA).toEqual({ code: 'in', isd: '+91', currency: 'INR' });
    expect(COUNTRIES.INDONESIA).toEqual({ code: 'id', isd: '+62', currency: 'IDR' });
    expect(DEFAULT_COUNTRY).toBe('INDIA');
  });
  it('reads the loc line of a trace', () => {
    expect(countryFromTrace(trace('IN'))).toBe('INDIA');
    expect(countryFromTrace(trace('ID'))).toBe('INDONESIA');
    expect(countryFromTrace(trace('SG'))).toBeNull();
    expect(countryFromTrace('colo=BOM\n')).toBeNull();
  });
});

describe('detectCountry (spec 1, 8, 9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it('answers the detected country', async () => {
    expect(await detectCountry(answer(trace('ID')), 'https://trace.example/')).toEqual({ country: 'INDONESIA' });
    expect(await detectCountry(answer(trace('IN')), 'https://trace.example/')).toEqual({ country: 'INDIA' });
  });
  it('GETs the trace URL', async () => {
    const fetchFn = vi.fn(answer(trace('IN')));
    await detectCountry(fetchFn, 'https://trace.example/cdn-cgi/trace');
    expect(fetchFn).toHaveBeenCalledWith('https://trace.example/cdn-cgi/trace', expect.objectContaining({ method: 'GET' }));
  });
  it('falls back to India with the spec message on failures and unknown countries', async () => {
    const failed = { country: 'INDIA', error: 'Country code detection failed' };
    expect(await detectCountry(answer(trace('SG')), 'u')).toEqual(failed);
    expect(await detectCountry(answer('oops', 500), 'u')).toEqual(failed);
    expect(await detectCountry(async () => Promise.reject(new TypeError('Failed to fetch')), 'u')).toEqual(failed);
  });
  it('gives up after 3000 ms with timeout, aborting the request', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const slow: typeof fetch = (_url, init) => {
      signal = init?.signal ?? undefined;
      return new Promise(() => undefined);
    };
    const pending = detectCountry(slow, 'u');
    await vi.advanceTimersByTimeAsync(2999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ country: 'INDIA', error: 'timeout' });
    expect(signal?.aborted).toBe(true);
  });
  it('honours a shorter time-out with a fetch that stops on abort', async () => {
    const abortable: typeof fetch = (_url, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    expect(await detectCountry(abortable, 'u', 20)).toEqual({ country: 'INDIA', error: 'timeout' });
  });
});
