/**
 * Outgoing webhooks (issue 15 webhook_configurations): the signature a receiver checks equals
 * `openssl dgst -sha256 -hmac <secret>` over "timestamp.body" (vector computed with openssl, not
 * with our code); URLs that would make the server call itself, and in production loopback/private
 * addresses, are refused.
 */
import { describe, expect, it } from 'vitest';
import { assertEndpointUrl, signDelivery } from '../../../src/server/modules/payments/outgoing-webhooks';

describe('outgoing webhook signature', () => {
  it('is v1= hex HMAC-SHA256 over timestamp "." body (openssl vector)', () => {
    // printf '%s' '1700000000.{"id":"evt_1"}' | openssl dgst -sha256 -hmac whsec_test
    expect(signDelivery('whsec_test', 1_700_000_000, '{"id":"evt_1"}')).toBe('v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925');
    expect(signDelivery('whsec_test', 1_700_000_001, '{"id":"evt_1"}')).not.toBe('v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925');
  });
});

describe('endpoint URL', () => {
  const dev = { port: 8080, production: false };
  const prod = { port: 8080, production: true };
  it('refuses this server (its Host, or a loopback on its port)', () => {
    expect(() => assertEndpointUrl('https://collect.example.in/hooks', 'collect.example.in', prod)).toThrow('must not point at this server');
    expect(() => assertEndpointUrl('http://localhost:8080/x', 'collect.example.in', dev)).toThrow('must not point at this server');
    expect(() => assertEndpointUrl('http://127.0.0.1:8080/x', 'collect.example.in', dev)).toThrow('must not point at this server');
    expect(() => assertEndpointUrl('http://collect.example.in:8443/x', 'collect.example.in:8443', dev)).toThrow('must not point at this server');
  });
  it('accepts another host or port; in production refuses loopback and private addresses', () => {
    expect(() => assertEndpointUrl('https://erp.lender.in/recovery', 'collect.example.in', prod)).not.toThrow();
    expect(() => assertEndpointUrl('http://127.0.0.1:9000/x', 'localhost:8080', dev)).not.toThrow();
    for (const url of ['http://127.0.0.1:9000/x', 'http://10.0.0.5/x', 'http://192.168.1.2/x', 'http://169.254.169.254/latest', 'http://[::1]:9000/x']) {
      expect(() => assertEndpointUrl(url, 'collect.example.in', prod), url).toThrow();
    }
  });
});
