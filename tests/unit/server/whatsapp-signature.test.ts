/**
 * WhatsApp Cloud API webhook verification (issue 13): X-Hub-Signature-256 is `sha256=` + the hex
 * HMAC-SHA256 of the raw body keyed with the app secret. The published vector
 * HMAC-SHA256("test", key "secret") = 0329a06b…0914 (as documented by the whatsapp_sdk package's
 * `compute_signature("test", "secret")`) is checked, and the signature is recomputed
 * independently with node:crypto.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { exotelStatus } from '../../../src/server/modules/communication/providers/exotel';
import { hubSignature, verifyHandshake, verifyHubSignature, waNumber } from '../../../src/server/modules/communication/providers/whatsapp';

describe('X-Hub-Signature-256', () => {
  it('matches the published HMAC-SHA256 vector', () => {
    expect(hubSignature('test', 'secret')).toBe('sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914');
    expect(verifyHubSignature(Buffer.from('test'), 'sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914', 'secret')).toBe(true);
  });

  it('accepts exactly the raw bytes signed with the app secret', () => {
    const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
    const sig = `sha256=${createHmac('sha256', 'app-secret').update(raw).digest('hex')}`;
    expect(verifyHubSignature(raw, sig, 'app-secret')).toBe(true);
    expect(verifyHubSignature(raw, sig.toUpperCase().replace('SHA256=', 'sha256='), 'app-secret')).toBe(true);
    expect(verifyHubSignature(Buffer.from('{"object": "whatsapp_business_account","entry":[]}'), sig, 'app-secret')).toBe(false);
    expect(verifyHubSignature(raw, sig, 'other')).toBe(false);
  });

  it('refuses missing, malformed or short headers and a missing secret without throwing', () => {
    const raw = Buffer.from('x');
    for (const h of [undefined, '', 'sha1=abc', 'sha256=', 'sha256=abcd', ['sha256=00'], `sha256=${'g'.repeat(64)}`]) expect(verifyHubSignature(raw, h as string | undefined, 's')).toBe(false);
    expect(verifyHubSignature(raw, hubSignature(raw, 's'), null)).toBe(false);
  });

  it('answers the GET challenge only to subscribe with the right token', () => {
    expect(verifyHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' }, 'tok')).toBe('42');
    expect(verifyHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'to', 'hub.challenge': '42' }, 'tok')).toBeNull();
    expect(verifyHandshake({ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' }, 'tok')).toBeNull();
    expect(verifyHandshake({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' }, null)).toBeNull();
  });
});

describe('provider formats', () => {
  it('writes WhatsApp numbers with the country code and maps Exotel report statuses', () => {
    expect(waNumber('098765 43210', '91')).toBe('919876543210');
    expect(waNumber('+91 98765 43210', '91')).toBe('919876543210');
    expect(waNumber('0812-3456-789', '62')).toBe('628123456789');
    expect(waNumber('0812-3456-7890', '62')).toBe('6281234567890');
    expect(waNumber('+62 812-3456-7890', '62')).toBe('6281234567890');
    expect(exotelStatus('sent')).toBe('delivered');
    expect(exotelStatus('failed-dnd')).toBe('failed');
    expect(exotelStatus('submitted')).toBe('sent');
    expect(exotelStatus('weird')).toBeNull();
  });
});
