/**
 * A field executive's phone for the e2e tests: a 390x844 touch context at a Nashik GPS fix, a
 * camera-like JPEG made by the browser, screenshots without toasts, tomorrow's date.
 */
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { artifact } from './helpers';

export const PHONE = { width: 390, height: 844 };
/** Nashik, where the demo executive fos@demo.in works. */
export const NASHIK = { latitude: 19.9975, longitude: 73.7898, accuracy: 25 };

/** A phone-sized touch context with the GPS fix granted. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, geolocation: NASHIK, permissions: ['geolocation'] });
}

/** A small camera-like JPEG made by the browser's canvas. */
export async function jpegFixture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    const gradient = ctx.createLinearGradient(0, 0, 640, 480);
    gradient.addColorStop(0, '#7c9cbf');
    gradient.addColorStop(1, '#d9c7a3');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#5b3a29';
    ctx.fillRect(250, 180, 140, 300);
    return canvas.toDataURL('image/jpeg', 0.85);
  });
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** Tomorrow's date in the browser's zone, 'YYYY-MM-DD'. */
export function tomorrow(): string {
  const d = new Date(Date.now() + 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Screenshots without the 4-second toasts covering the header. */
export async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  await expect(page.locator('[data-scope="toast"][data-part="root"]')).toHaveCount(0, { timeout: 10_000 });
  await page.screenshot({ path: artifact(name), fullPage });
}

/** Items left in the phone's outbox (IndexedDB 'recovery-field', store 'outbox'). */
export async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('recovery-field');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => {
            resolve(req.result);
            open.result.close();
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}
