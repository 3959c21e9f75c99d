/**
 * What an app update costs a phone (issue 18; prints figures, not a pass/fail test):
 * `npx tsx tests/bench/app-update.ts`.
 *
 * Builds the app twice into temporary folders: as it is, and with one string of the field app's
 * English texts changed (the day list's heading, `field.visits.title` in
 * src/web/features/field/locales/en.json, restored afterwards). A phone with the first version's
 * service worker precaches the second version's manifest: every entry whose URL or revision
 * differs is downloaded again. Prints those JavaScript files and their gzipped bytes (node:zlib
 * level 6, what the server sends), against the target of 30 KB for a one-string change.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './bench-server';

const TEXTS = path.join(ROOT, 'src/web/features/field/locales/en.json');
const TARGET_KB = 30;

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** Builds the app into `outDir` and answers its service worker's precache manifest. */
function build(outDir: string): PrecacheEntry[] {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: ROOT, stdio: 'ignore' });
  const sw = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
  return [...sw.matchAll(/\{"revision":(null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map((m) => ({ url: m[2], revision: m[1] === 'null' ? null : m[1].slice(1, -1) }));
}

/** Changes one leaf string of a nested texts object (the first one found under `key`). */
function changeOneString(texts: Record<string, unknown>, key: string[]): void {
  let node = texts as Record<string, unknown>;
  for (const k of key.slice(0, -1)) node = node[k] as Record<string, unknown>;
  const leaf = key[key.length - 1];
  if (typeof node[leaf] !== 'string') throw new Error(`no string at ${key.join('.')}`);
  node[leaf] = `${node[leaf] as string} (updated)`;
}

const original = readFileSync(TEXTS, 'utf8');
const before = mkdtempSync(path.join(os.tmpdir(), 'bench-update-a-'));
const after = mkdtempSync(path.join(os.tmpdir(), 'bench-update-b-'));
try {
  const first = build(before);
  const texts = JSON.parse(original) as Record<string, unknown>;
  changeOneString(texts, ['field', 'visits', 'title']);
  writeFileSync(TEXTS, `${JSON.stringify(texts, null, 2)}\n`);
  let second: PrecacheEntry[];
  try {
    second = build(after);
  } finally {
    writeFileSync(TEXTS, original);
  }
  const known = new Set(first.map((e) => `${e.url} ${e.revision}`));
  const changed = second.filter((e) => !known.has(`${e.url} ${e.revision}`));
  const js = changed
    .filter((e) => e.url.endsWith('.js'))
    .map((e) => ({ url: e.url, gzip: gzipSync(readFileSync(path.join(after, e.url))).length }))
    .sort((a, b) => b.gzip - a.gzip);
  const total = js.reduce((s, x) => s + x.gzip, 0);
  console.log(`precache: ${first.length} entries before, ${second.length} after; ${changed.length} to download again after changing one string (field.visits.title)`);
  for (const f of js) console.log(`  ${f.url.padEnd(60)} ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gz`);
  for (const e of changed.filter((x) => !x.url.endsWith('.js'))) console.log(`  ${e.url} (not JavaScript)`);
  console.log(`app update JS for a one-string change: ${js.length} files, ${(total / 1024).toFixed(1)} KB gzipped; target ≤ ${TARGET_KB} KB: ${total <= TARGET_KB * 1024 ? 'met' : 'NOT met'}`);
} finally {
  writeFileSync(TEXTS, original);
  rmSync(before, { recursive: true, force: true });
  rmSync(after, { recursive: true, force: true });
}
