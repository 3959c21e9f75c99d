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
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Debian's Chromium (CI installs it; playwright.config.ts uses the same binary). CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

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
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS, headless: true });
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
 * One PDF of `parts`' pages in order, joined by poppler's `pdfunite` in a child process (a long
 * document is printed in parts: Chromium laying out thousands of pages at once takes gigabytes).
 * One part is answered as it is. @throws when pdfunite is missing or a part is not a PDF.
 */
export async function joinPdfs(parts: readonly Buffer[]): Promise<Buffer> {
  if (parts.length === 1) return parts[0];
  const dir = await mkdtemp(join(tmpdir(), 'pdf-join-'));
  try {
    const names = parts.map((_, i) => join(dir, `${String(i).padStart(6, '0')}.pdf`));
    await Promise.all(parts.map((p, i) => writeFile(names[i], p)));
    const out = join(dir, 'joined.pdf');
    await promisify(execFile)(PDFUNITE_PATH, [...names, out]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
