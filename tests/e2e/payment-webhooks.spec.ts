/**
 * Outgoing webhooks to the lender (issue 15; spec 3 webhook_configurations): on the payments
 * settings page an admin adds an endpoint of their own system (a receiver this test runs), copies
 * the signing secret shown once, a gateway payment is posted, and the endpoint's delivery log shows
 * it delivered — the receiver got one request whose signature the secret verifies. Desk (1440×900)
 * and phone (390×844).
 */
import { expect, test, type Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import { signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const LOAN = 'LN00000083';
const SHOTS = '/tmp/shots/payhook';
mkdirSync(SHOTS, { recursive: true });
const CREDS = { merchantId: 'CF-E2E-HOOKS', apiKey: 'cf-e2e-hooks-app', apiSecret: 'cf-e2e-hooks-secret', webhookSecrets: ['cf-e2e-hooks-secret'] };

async function apiHeaders(page: Page) {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  return { authenticationtoken: uat ?? '', 'x-company-id': COMPANY };
}

test('an admin adds a webhook endpoint, a payment is delivered to it signed, and the log shows it', async ({ page }) => {
  const got: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/recovery-ops`;
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'admin@demo.in');
    const headers = await apiHeaders(page);
    const gateway = await page.request.put(`/api/payment/settings/payment_gateway?company_id=${COMPANY}`, { headers, data: { pg_vendor: 'cashfree', merchant_id: CREDS.merchantId, api_key: CREDS.apiKey, api_secret: CREDS.apiSecret } });
    expect(gateway.ok(), await gateway.text()).toBe(true);

    await page.goto(`/app/payment-settings?company_id=${COMPANY}`);
    await page.getByRole('tab', { name: 'Webhooks', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Webhooks to your systems' });
    await panel.getByRole('button', { name: 'Add endpoint' }).click();
    await panel.getByLabel('Endpoint URL').fill(hookUrl);
    // "Payment posted" is ticked by default; the link-paid event too.
    await panel.getByText('Payment link paid', { exact: true }).click();
    await panel.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await panel.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.screenshot({ path: `${SHOTS}/secret-once-desk.png` });
    await panel.getByRole('button', { name: 'I have saved it' }).click();
    await expect(panel.getByTestId('webhook-secret')).toHaveCount(0);
    await expect(panel.getByText(hookUrl)).toBeVisible();

    // A gateway payment on a fresh link, signed as Cashfree signs it.
    const link = await page.request.post(`/api/payment/links?company_id=${COMPANY}`, { headers: { ...headers, 'idempotency-key': `e2e-hooks-${Date.now()}` }, data: { loan_id: LOAN, amount_minor: 12_345, pg_vendor: 'cashfree' } });
    expect(link.ok(), await link.text()).toBe(true);
    const linkId = (await link.json()).data.link_id as string;
    const signed = GATEWAYS.cashfree.signWebhook(CREDS, { linkId, amountMinor: 12_345, linkAmountMinor: 12_345, paidBeforeMinor: 0, outcome: 'SUCCESS', paymentId: `e2e${Date.now()}`, channel: 'upi' }, new Date());
    const hook = await page.request.post(`/api/payment/webhooks/cashfree/${COMPANY}`, { headers: signed.headers, data: signed.body });
    // Answered once stored; the payment posts from the inbox right after (the deliveries below follow it).
    expect((await hook.json()).data.outcome).toBe('received');
    await expect.poll(async () => (await (await page.request.get(`/api/payment/links/${linkId}?company_id=${COMPANY}`, { headers })).json()).data.status, { timeout: 15_000 }).toBe('PAID');

    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(2);
    expect(got.map((g) => g.headers['x-recoveryops-event']).sort()).toEqual(['payment.posted', 'payment_link.paid']);
    const ts = String(got[0].headers['x-recoveryops-timestamp']);
    expect(got[0].headers['x-recoveryops-signature']).toBe(`v1=${createHmac('sha256', secret).update(`${ts}.${got[0].body}`).digest('hex')}`);

    await panel.getByRole('button', { name: 'Delivery log' }).last().click();
    const log = page.getByRole('region', { name: `Deliveries to ${hookUrl}` });
    // Desk: the table (the phone cards are in the page too, hidden).
    await expect(log.locator('table').getByText('Delivered')).toHaveCount(2, { timeout: 10_000 });
    await expect(log.locator('table').getByText('thanks').first()).toBeVisible();
    await log.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/delivery-log-desk.png`, fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(log.getByText('Delivered').first()).toBeVisible();
    await log.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/delivery-log-phone.png` });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
