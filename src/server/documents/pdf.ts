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
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
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
  /**
   * An A4 PDF of `html` (the page's @page rules apply). Up to PRINT_LANES calls run at once (one
   * page each); further calls wait for a free page.
   */
  print(html: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** Documents one browser context prints before it is replaced by a fresh one (see openPrinter). */
export const PRINTS_PER_CONTEXT = 200;

/**
 * Pages printing at once in one browser. Chromium spends most of a one-page print (~110 ms) in its
 * print pipeline, partly in the browser process and partly in the renderer, so a second page keeps
 * both busy (measured on 2 shared cores: 1 page 8.2 prints/s, 2 pages 10.8, 4 pages 9.7). The pages
 * share one context and so one renderer (measured: two contexts, two renderers of ~93 MB Pss each,
 * Chromium's peak 458 MB; one shared context, one renderer of 148 MB, peak 413 MB).
 */
export const PRINT_LANES = 2;

/** A browser context with the pages it prints on; replaced after PRINTS_PER_CONTEXT documents. */
interface Generation {
  context: BrowserContext;
  idle: Page[];
  printed: number;
  busy: number;
  retired: boolean;
}

/** Launches Chromium. @throws when the browser cannot start (missing binary): the job records the batch failed. */
export async function openPrinter(): Promise<PdfPrinter> {
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  let slots = PRINT_LANES;
  const waiting: (() => void)[] = [];
  const acquire = async (): Promise<void> => {
    if (slots > 0) slots -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else slots += 1;
  };
  const fresh = async (): Promise<Generation> => {
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    // Nothing but the document itself is loaded (no remote fonts, images or trackers).
    await context.route('**/*', (route) => route.abort());
    return { context, idle: [], printed: 0, busy: 0, retired: false };
  };
  let current: Promise<Generation> | null = null;
  const retire = (g: Generation) => {
    g.retired = true;
    if (g.busy === 0) void g.context.close().catch(() => undefined);
  };
  // A renderer that laid out many documents keeps their memory (caches, font data): a fresh context
  // every PRINTS_PER_CONTEXT documents keeps a long batch's browser at its first size; the old one
  // is closed once its last print is done.
  const take = async (): Promise<{ g: Generation; page: Page }> => {
    for (;;) {
      const pending: Promise<Generation> = (current ??= fresh());
      const g = await pending;
      if (g.printed >= PRINTS_PER_CONTEXT) {
        if (current === pending) {
          current = null;
          retire(g);
        }
        continue;
      }
      g.printed += 1;
      g.busy += 1;
      let page = g.idle.pop();
      while (page?.isClosed()) page = g.idle.pop();
      try {
        return { g, page: page ?? (await g.context.newPage()) };
      } catch (err) {
        g.busy -= 1;
        throw err;
      }
    }
  };
  const give = (g: Generation, page: Page) => {
    g.busy -= 1;
    if (!g.retired) g.idle.push(page);
    else if (g.busy === 0) void g.context.close().catch(() => undefined);
  };
  return {
    async print(html) {
      await acquire();
      try {
        const { g, page } = await take();
        try {
          await page.setContent(html, { waitUntil: 'load' });
          return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
        } finally {
          give(g, page);
        }
      } finally {
        release();
      }
    },
    async close() {
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
    return await withFile(await unite(names, join(dir, 'joined.pdf')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Joins `names` (at least one), in order, into `out` with pdfunite; a single file is moved there. @returns `out` */
async function unite(names: readonly string[], out: string): Promise<string> {
  if (names.length === 1) await rename(names[0], out);
  else await promisify(execFile)(PDFUNITE_PATH, [...names, out]);
  return out;
}

/** Files given to one pdfunite run: a long list is joined in parts, then the parts (see withUnitedPdfs). */
export const UNITE_PART = 500;

/**
 * Joins stored PDFs, in order, into one file without holding them in this process: `copy(source,
 * path)` writes each source to a temporary file, pdfunite joins them UNITE_PART at a time (a bounded
 * argument list; measured 1,000 one-page notices: 2.2 s, 21 MB resident) and then joins the parts,
 * and `withFile(path)` gets the result. Inputs are removed once their part is joined; every
 * temporary file is removed when `withFile` settles. pdfunite copies each file's embedded font
 * subsets, so the result is about the sum of its inputs (~23 KB a notice).
 * @throws when `sources` is empty, pdfunite is missing, a source is not a PDF, or `copy` or `withFile` throws.
 */
export async function withUnitedPdfs<T>(sources: readonly string[], copy: (source: string, path: string) => Promise<void>, withFile: (path: string) => Promise<T>): Promise<T> {
  if (sources.length === 0) throw new Error('No PDF to join');
  const dir = await mkdtemp(join(tmpdir(), 'pdf-unite-'));
  try {
    const parts: string[] = [];
    for (let i = 0; i < sources.length; i += UNITE_PART) {
      const names: string[] = [];
      for (const source of sources.slice(i, i + UNITE_PART)) {
        const name = join(dir, `in-${String(names.length).padStart(6, '0')}.pdf`);
        await copy(source, name);
        names.push(name);
      }
      parts.push(await unite(names, join(dir, `part-${String(parts.length).padStart(6, '0')}.pdf`)));
      await Promise.all(names.map((name) => rm(name, { force: true })));
    }
    return await withFile(await unite(parts, join(dir, 'united.pdf')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
