/**
 * Stylesheets of the first screen without a wait in Vite's preload helper (issue 18 LCP).
 *
 * Vite's helper (`__vitePreload`) loads a lazy chunk's CSS before it resolves the import: it adds a
 * `<link rel="stylesheet">` for every CSS file in the import's list that the document does not
 * link yet, and waits for it to load. On the field route that was two stylesheets fetched only
 * after the entry, the app and the day list had run: a round trip (~150 ms on slow 4G) between the
 * JavaScript arriving and the day list rendering.
 * - The entry's own CSS (the `core` chunk's, src/web/app/shell.css and the plain components) is
 *   inlined into index.html (vite.config.ts `inlineEntryCss`), so the helper found no link for it
 *   and downloaded it a second time. `dropInlinedCss` removes it from every preload list.
 * - The CSS of a preload block's chunks (the day list's field-day.css, the sign-in screen's
 *   auth.css) is preloaded by the block itself (`blockStylesheets`), fetched with the HTML's other
 *   requests; when the helper adds its stylesheet link the response is there already. The server
 *   keeps a block only on the pages that need it (src/server/http/index-html.ts), so the sign-in
 *   page does not fetch the day list's CSS.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const chunksOf = (bundle: OutputBundle) => Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');

/** CSS of a chunk (Vite's metadata on rendered chunks). */
const cssOf = (chunk: OutputChunk): string[] => [...((chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])];

/**
 * The CSS files index.html links for its entry: the CSS of the entry chunks and of their static
 * imports (what Vite's HTML plugin links and `inlineEntryCss` inlines).
 */
export function entryCss(bundle: OutputBundle): Set<string> {
  const chunks = chunksOf(bundle);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk || seen.has(file)) return;
    seen.add(file);
    for (const f of cssOf(chunk)) css.add(f);
    for (const child of chunk.imports) visit(child);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return css;
}

const MAP_DEPS_FILES = /m\.f=\[([^\]]*)\]/;
const MAP_DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * A chunk's code with the files `drop` taken out of its preload lists: Vite writes the chunk's
 * dependency files once (`__vite__mapDeps`, `m.f=["assets/a.js",…]`) and each dynamic import's list
 * as indices into it (`__vite__mapDeps([0,3])`); the indices of dropped files are removed from every
 * list (the file table stays as it is). Code without preload lists is returned unchanged.
 */
export function withoutPreloads(code: string, drop: ReadonlySet<string>): string {
  const table = MAP_DEPS_FILES.exec(code);
  if (!table) return code;
  const files = JSON.parse(`[${table[1]}]`) as string[];
  const dropped = new Set(files.flatMap((file, i) => (drop.has(file) ? [String(i)] : [])));
  if (dropped.size === 0) return code;
  return code.replace(MAP_DEPS_CALL, (_call, list: string) => `__vite__mapDeps([${list.split(',').filter((i) => i !== '' && !dropped.has(i)).join(',')}])`);
}

/** The compressed siblings vite-plugin-compression2 emits (vite.config.ts), at its levels. */
const COMPRESSED: Record<string, (code: string) => Uint8Array> = {
  '.gz': (code) => gzipSync(code, { level: 9 }),
  '.br': (code) => brotliCompressSync(code, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
};

/**
 * Removes the entry's inlined CSS from every lazy import's preload list. Runs after Vite's own
 * `generateBundle` (which writes the lists), hence `order: 'post'`; the compression plugin has
 * already emitted `.gz`/`.br` copies of the chunks by then (it hooks an earlier plugin), so those
 * of a changed chunk are compressed again (the server sends them as they are).
 */
export const dropInlinedCss: Plugin = {
  name: 'drop-inlined-css',
  apply: 'build',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const inlined = entryCss(bundle);
      if (inlined.size === 0) return;
      for (const chunk of chunksOf(bundle)) {
        const code = withoutPreloads(chunk.code, inlined);
        if (code === chunk.code) continue;
        chunk.code = code;
        for (const [ext, compress] of Object.entries(COMPRESSED)) {
          const copy = bundle[chunk.fileName + ext];
          if (copy?.type === 'asset') copy.source = compress(code);
        }
      }
    },
  },
};

/**
 * `<link rel="preload" as="style" crossorigin>` tags for the CSS of `files` (chunk file names),
 * leaving out what the page has already (the inlined entry CSS, a link of another block). A
 * preload, not a stylesheet: a stylesheet in the head blocks the boot shell's first paint
 * (Lighthouse's simulated FCP went from 0.7 s to 2.0–2.3 s, the CSS queued behind the day list's
 * scripts). The helper still adds its stylesheet link and waits for its load, which the preloaded
 * response answers; `crossorigin` because the helper's link is CORS-mode (`crossOrigin = ''`) and
 * a preload of another mode would not be reused.
 */
export function blockStylesheets(bundle: OutputBundle, files: Iterable<string>, html: string): string[] {
  const inlined = entryCss(bundle);
  const links: string[] = [];
  for (const file of files) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    for (const css of cssOf(chunk)) {
      const tag = `<link rel="preload" as="style" crossorigin href="/${css}">`;
      if (!inlined.has(css) && !html.includes(`/${css}"`) && !links.includes(tag)) links.push(tag);
    }
  }
  return links;
}
