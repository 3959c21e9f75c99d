/**
 * Kernel: printable HTML to PDF with headless Chromium, for every area that issues documents (legal
 * notices, settlement letters, repossession notices). Chosen for notices (issue 17: Devanagari must be shaped — conjuncts such
 * as क्ष, प्र, ज्ञ and matras in place — with its fonts embedded; pdfkit/pdfmake and @react-pdf have
 * open Indic shaping bugs, Chromium's HarfBuzz shapes correctly and embeds the subset fonts it used).
 * The fonts come from the system: Debian `fonts-noto-core` (Noto Serif/Sans Devanagari), installed
 * by .ci/run next to chromium.
 *
 * One browser per batch job (launching costs ~0.5 s): `openPrinter()` once, `print()` per notice,
 * `close()` at the end. The page runs no script and reaches no network: the HTML is ours and
 * self-contained, and a loan value is escaped text (templates.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Debian's Chromium (CI installs it; playwright.config.ts uses the same binary). CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Chromium kept lean for printing (issue 17 peak-memory target): no zygotes (one process fewer per
 * kind), the GPU (software compositing) inside the browser process, one renderer at most and no spare
 * one, and the omnibox pop-up WebUI that headless Chromium 13x+ preloads in a renderer of its own
 * (chrome://omnibox-popup.top-chrome, ~80 MB Pss) not created. A `--disable-features` given here
 * replaces Playwright's own list (Chromium keeps the last switch), so Playwright's entries that
 * matter headless (no background requests, no paint holding) are repeated.
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'SpareRendererForSitePerProcess',
  'AimEnabled',
  'LensOverlay',
  'MediaRouter',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'PreconnectToSearch',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'PaintHolding',
  'DestroyProfileOnBrowserClose',
];
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--no-zygote',
  '--disable-gpu',
  '--in-process-gpu',
  '--renderer-process-limit=1',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/** A running browser that turns printable HTML into PDF bytes. */
export interface PdfPrinter {
  /** An A4 PDF of `html` (the page's @page rules apply). */
  print(html: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** Documents one browser context prints before it is replaced by a fresh one (see openPrinter). */
export const PRINTS_PER_CONTEXT = 200;

/** Launches Chromium. @throws when the browser cannot start (missing binary): the job records the batch failed. */
export async function openPrinter(): Promise<PdfPrinter> {
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  let context: BrowserContext | null = null;
  let page: Page | null = null;
  let printed = 0;
  const ready = async (): Promise<Page> => {
    // A renderer that laid out many documents keeps their memory (caches, font data): a fresh
    // context every PRINTS_PER_CONTEXT documents keeps a long batch's browser at its first size.
    if (page && !page.isClosed() && printed < PRINTS_PER_CONTEXT) return page;
    await (context as BrowserContext | null)?.close().catch(() => undefined);
    printed = 0;
    context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    // Nothing but the document itself is loaded (no remote fonts, images or trackers).
    await context.route('**/*', (route) => route.abort());
    page = await context.newPage();
    return page;
  };
  return {
    async print(html) {
      const p = await ready();
      printed += 1;
      await p.setContent(html, { waitUntil: 'load' });
      return p.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    },
    async close() {
      await (context as BrowserContext | null)?.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
    },
  };
}

/** Runs `fn` with a printer opened for it, closing the browser whatever happens. */
export async function withPrinter<T>(fn: (printer: PdfPrinter) => Promise<T>): Promise<T> {
  const printer = await openPrinter();
  try {
    return await fn(printer);
  } finally {
    await printer.close();
  }
}

/** Debian poppler-utils' `pdfunite` (installed with chromium, README). PDFUNITE_PATH overrides. */
export const PDFUNITE_PATH = process.env.PDFUNITE_PATH ?? 'pdfunite';

/**
 * Joins PDFs printed one part at a time without holding them in this process: `print(add)` hands
 * each part to `add` (written at once to a temporary file), poppler's `pdfunite` joins them in a
 * child process (a long document is printed in parts: Chromium laying out thousands of pages at once
 * takes gigabytes), and `withFile(path)` gets the joined file (one part is used as it is). The temporary
 * files are removed when `withFile` settles. @throws when pdfunite is missing, a part is not a PDF, or
 * `print` or `withFile` throws.
 */
export async function withJoinedPdf<T>(print: (add: (part: Buffer) => Promise<void>) => Promise<void>, withFile: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-join-'));
  try {
    const names: string[] = [];
    await print(async (part) => {
      const name = join(dir, `${String(names.length).padStart(6, '0')}.pdf`);
      await writeFile(name, part);
      names.push(name);
    });
    if (names.length === 0) throw new Error('No PDF part to join');
    let out = names[0];
    if (names.length > 1) {
      out = join(dir, 'joined.pdf');
      await promisify(execFile)(PDFUNITE_PATH, [...names, out]);
    }
    return await withFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
