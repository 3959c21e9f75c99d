/**
 * Provider secrets saved in clear before sealing existed (issue 13): the next start-up seals them
 * (kernel secret-box, bound to the company and field); the API still answers only *_set flags, the
 * adapters still open the same values, and a further start-up changes nothing (idempotent).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { communicationSettings } from '../../src/server/modules/communication/schema';
import { resealLegacySecrets, secretOf, settingsOf } from '../../src/server/modules/communication/settings-service';
import { isSealed } from '../../src/server/security/secret-box';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rowOf = async (companyId: string) => (await t.database.db.select().from(communicationSettings).where(eq(communicationSettings.companyId, companyId)))[0];

describe('legacy clear secrets', () => {
  it('are sealed at start-up, still open to the same values, and a second start-up changes nothing', async () => {
    const db = t.database.db;
    await settingsOf(db, LENDER);
    await settingsOf(db, TRUST);
    // As an older version stored them: in clear.
    await db.update(communicationSettings).set({ exotelApiKey: 'legacy-key', exotelApiToken: 'legacy-token', smtpPassword: 'legacy-smtp' }).where(eq(communicationSettings.companyId, LENDER));
    await db.update(communicationSettings).set({ whatsappAppSecret: 'legacy-app-secret' }).where(eq(communicationSettings.companyId, TRUST));

    const second = await buildApp({ db: t.database, config: t.config, logger: false });
    try {
      await second.ready();
      const lender = await rowOf(LENDER);
      const trust = await rowOf(TRUST);
      for (const v of [lender.exotelApiKey, lender.exotelApiToken, lender.smtpPassword, trust.whatsappAppSecret]) {
        expect(isSealed(v!)).toBe(true);
        expect(v).not.toContain('legacy');
      }
      expect(secretOf(t.config, lender, 'exotelApiKey')).toBe('legacy-key');
      expect(secretOf(t.config, lender, 'exotelApiToken')).toBe('legacy-token');
      expect(secretOf(t.config, lender, 'smtpPassword')).toBe('legacy-smtp');
      expect(secretOf(t.config, trust, 'whatsappAppSecret')).toBe('legacy-app-secret');
      // The API shows that they are set, never what they are.
      const admin = headers((await signIn(second, 'admin@demo.in')).token, LENDER);
      const res = await second.inject({ url: '/api/communication/settings', headers: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ exotel_credentials_set: true, smtp_password_set: true });
      expect(res.body).not.toContain('legacy');

      // Idempotent: nothing left to seal, the sealed values untouched.
      expect(await resealLegacySecrets(db, t.config)).toBe(0);
      expect(await rowOf(LENDER)).toEqual(lender);
      expect(await rowOf(TRUST)).toEqual(trust);
    } finally {
      await second.close();
    }
  });
});
