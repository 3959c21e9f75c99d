/**
 * Vite build of the web app (src/web) and its service worker (sw/sw.ts, Workbox injectManifest).
 *
 * Precache policy: the shell (index.html, the entry chunk and its static imports, CSS, icons,
 * manifest and locale chunks) is precached so a signed-in user reloading offline gets the app.
 * Which lazy chunks join it follows the one list of areas (src/domain/areas.ts): the kernel's own
 * (src/web/app, lib, components, src/offline: the shell's popups, Chakra's scope, home) and the
 * non-desk chunks of `offline` areas (sign-in, the field app: issue 4) are precached; desk pages and
 * desk texts (`*-page`, `*-desk`) are emitted under `assets/lazy/` and left out, with whatever only
 * they load: they need the API anyway and would only make the first install heavier.
 * Locale chunks: each language's parts (the kernel's and every area's, src/web/lib/i18n.ts) merge
 * into one chunk per language and part: English core (`assets/en.js`, imported by the entry), Hindi
 * and Bahasa core (`assets/hi.js`, `assets/id.js`) are precached; the desk texts of every language
 * (`assets/lazy/<lang>-desk.js`) are not.
 *
 * App updates (issue 18): the entry and the locale chunks keep their names across builds
 * (`stableName`), every other file carries its content hash, so a one-string change re-downloads
 * the locale chunk holding it and whatever really changed, not every chunk that imports the entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { defineConfig } from 'vite';
import type { Manifest, Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { AREAS } from './src/domain/areas';
import { stripServerOnlyEndpointParts } from './scripts/endpoint-parts';
import { blockStylesheets, dropInlinedCss } from './scripts/preload-css';
import { routeChunkName } from './scripts/route-chunks';
import { preloadEnd, preloadStart, type PreloadBlock } from './src/server/http/index-html';

/** Desk pages and desk texts: emitted under assets/lazy/ and never precached (unless the kernel's own, like home). */
const LAZY_CHUNK = /-(page|desk)$/;
/** The core locale chunks (unhashed, see `stableName`): English (the entry imports it), Hindi and Bahasa (loaded on demand, precached). */
const LOCALE_CHUNK = /^assets\/(en|hi|id)\.js$/;
/**
 * A file name with Rolldown's content hash (`my-visits-screen-C7D7GdcE.js`): its URL changes with
 * its content, so the service worker never fetches it again for an update (`dontCacheBustURLsMatching`)
 * and the server lets browsers keep it a year (src/server/app.ts).
 */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8}\.(js|css)$/;
/** The kernel's sources: its lazy chunks (the shell's popups, Chakra's scope, home, the service worker's registration) work offline. */
const KERNEL_SOURCE = /^src\/(web\/(app|lib|components)|offline)\//;
/** Sources of the `offline` areas (src/domain/areas.ts): their non-desk lazy chunks are precached, so an executive opens them offline. */
const OFFLINE_SOURCE = new RegExp(`^src\\/web\\/features\\/(${AREAS.filter((a) => 'offline' in a && a.offline).map((a) => a.name).join('|')})\\/`);

/** Repository-relative path of a module id ('' for none). */
const sourceOf = (id: string | null | undefined) => (id ? relative(process.cwd(), id).split(sep).join('/') : '');
/** A module's name without folder and extension ('my-visits-screen'). */
const moduleName = (source: string) => source.replace(/^.*\//, '').replace(/\.[^.]+$/, '');

/** Whether a lazy chunk whose entry module is `source` belongs in the precache (see the file's comment). */
function offlineChunk(source: string): boolean {
  return KERNEL_SOURCE.test(source) || (OFFLINE_SOURCE.test(source) && !LAZY_CHUNK.test(moduleName(source)));
}

/**
 * A language's locale parts (src/web/locales, src/web/features/<area>/locales): the chunk they merge
 * into (`en`, `hi-desk`, …). Hindi's and Bahasa's date-fns locales join their core chunk (the field
 * area loads them with the texts, features/field/date-locales.ts), so they are precached with it.
 */
function localeChunk(id: string): string | null {
  const path = id.split(sep).join('/');
  const match = /\/src\/web\/(?:features\/[^/]+\/)?locales\/([a-z]{2})(-desk)?\.json$/.exec(path);
  if (match) return `${match[1]}${match[2] ?? ''}`;
  return /\/node_modules\/date-fns\/locale\/(hi|id)(\.js|\/)/.exec(path)?.[1] ?? null;
}

/**
 * date-fns apart from those two locales, with the field area's date-locale loader: one chunk the
 * field day list and the `hi` / `id` chunks import, so a desk page in Hindi does not load the day
 * list's chunk for date-fns's helpers.
 */
function dateFnsChunk(id: string): string | null {
  return /\/node_modules\/date-fns\/|\/src\/web\/features\/field\/date-locales\.ts$/.test(id.split(sep).join('/')) ? 'date-fns' : null;
}

/**
 * Chunks named without a content hash (issue 18: an app update that changes one string downloads
 * only what changed): the entry (`assets/index.js`) and the locale chunks (`assets/en.js`,
 * `assets/hi.js`, `assets/lazy/en-desk.js`, …). Every other chunk imports them by name, so a text
 * or entry change does not change those chunks' content, hash and URL in a cascade; the precache
 * gives the unhashed files a revision from their content (workbox-build), and the server sends them
 * with `Cache-Control: no-cache` (src/server/app.ts).
 */
function stableName(chunk: { name: string; moduleIds: readonly string[] }): boolean {
  return chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => localeChunk(id) === chunk.name);
}

/**
 * Endpoint definitions as the browser and the service worker need them (scripts/endpoint-parts.ts):
 * their OpenAPI texts, tags and lazy `schemas()` thunks, which only the server reads, are removed.
 * Left in, the menu's endpoints would carry ~5 KB gzipped of texts and schema preload lists into
 * the entry chunk (issue 11), and the worker's drain (src/offline/outbox-endpoints.ts) would pull
 * zod into the one-file worker, with Vite's preload helper whose `import.meta` a classic worker
 * script cannot parse.
 */
const serverOnlyEndpointParts: Plugin = {
  name: 'server-only-endpoint-parts',
  enforce: 'pre',
  transform(code, id) {
    const file = id.split(sep).join('/');
    if (!/\/src\/domain\/contracts\/[^?]+\.ts$/.test(file) || file.endsWith('.schema.ts')) return null;
    return stripServerOnlyEndpointParts(code, file);
  },
};

/** The build's output folder (`--outDir` may move it from dist/), read by shellOnly. */
let outDir = 'dist';
const rememberOutDir: Plugin = {
  name: 'remember-out-dir',
  configResolved(config) {
    outDir = config.build.outDir;
  },
};

/**
 * Inlines the entry's stylesheet (the shell's plain CSS, src/web/app/shell.css, ~2 KB gzipped) into
 * index.html: as a <link> it is render-blocking and shares a slow phone's first round trips with
 * the entry's JavaScript, which held the boot shell's first paint back by more than a second
 * (Lighthouse, simulated slow 4G). The CSP allows inline styles (emotion needs them anyway).
 * Lazy imports' preload lists no longer name it (scripts/preload-css.ts `dropInlinedCss`).
 */
const inlineEntryCss: Plugin = {
  name: 'inline-entry-css',
  apply: 'build',
  enforce: 'post',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return html;
      return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
        const asset = bundle[file];
        if (!asset || asset.type !== 'asset') return tag;
        const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        return `<style data-entry-css="${file}">${css}</style>`;
      });
    },
  },
};

/** The chunks of each preload block (src/server/http/index-html.ts), by their entry modules. */
const PRELOAD_BLOCKS: Record<PreloadBlock, readonly string[]> = {
  // The app: router, TanStack Query, i18next (the entry loads it at once on every page but the sign-in page).
  app: ['src/web/app/app-main.tsx'],
  // The field executive's day list and its shell part: the chunks the field route waits for (issue 4).
  field: ['src/web/features/field/visits/my-visits-screen.tsx', 'src/web/features/field/shell/field-shell.tsx'],
  // The standalone sign-in screen (issue 18).
  'sign-in': ['src/web/features/auth/login-screen.tsx'],
};

/**
 * Adds to index.html one marked block of `<link rel="modulepreload">` per PRELOAD_BLOCKS entry:
 * the chunks of its modules and their static imports (none twice, none index.html loads already),
 * so a page fetches them alongside the entry instead of after the entry has run: one round trip
 * less before its first screen. The server keeps the blocks a page needs
 * (src/server/http/index-html.ts): the sign-in page only its own, so it downloads neither the app
 * nor the day list before its form works; it fetches them while the executive types
 * (features/auth/login-screen.tsx). Every visitor's service worker precaches these chunks anyway
 * (offlineChunk). A block also preloads its chunks' CSS (the day list's, the sign-in screen's),
 * so Vite's preload helper does not start its download only after the JavaScript has run
 * (scripts/preload-css.ts).
 */
const preloadBlocks: Plugin = {
  name: 'preload-blocks',
  apply: 'build',
  enforce: 'post',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const blocks: string[] = [];
      for (const [block, modules] of Object.entries(PRELOAD_BLOCKS) as [PreloadBlock, readonly string[]][]) {
        const wanted = new Set<string>();
        const visit = (file: string) => {
          const chunk = byFile.get(file);
          if (!chunk || wanted.has(file)) return;
          wanted.add(file);
          for (const child of chunk.imports) visit(child);
        };
        for (const chunk of chunks) if (modules.includes(sourceOf(chunk.facadeModuleId))) visit(chunk.fileName);
        const links = [...wanted].filter((file) => !html.includes(`/${file}"`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
        // Their CSS preloaded: Vite's preload helper then finds it downloaded or on its way (scripts/preload-css.ts).
        links.push(...blockStylesheets(bundle, wanted, html));
        if (links.length) blocks.push(`    ${preloadStart(block)}\n    ${links.join('\n    ')}\n    ${preloadEnd(block)}\n`);
      }
      return blocks.length ? html.replace('</head>', `${blocks.join('')}  </head>`) : html;
    },
  },
};

/**
 * Keeps in the precache only the JavaScript that index.html loads statically (followed through
 * Vite's build manifest), the lazy chunks of offlineChunk() the shell can reach without passing a
 * desk page, and the locale chunks; chunks only desk screens load stay out.
 */
const shellOnly: ManifestTransform = async (entries) => {
  const manifestPath = `${outDir}/.vite/manifest.json`;
  if (!existsSync(manifestPath)) return { manifest: entries };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const shell = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || shell.has(chunk.file)) return;
    shell.add(chunk.file);
    for (const css of chunk.css ?? []) shell.add(css);
    for (const child of chunk.imports ?? []) visit(child);
    for (const lazy of chunk.dynamicImports ?? []) if (offlineChunk(lazy)) visit(lazy);
  };
  visit('index.html');
  // assets/warm.js (public/, outside the module graph): index.html loads it, so the shell keeps it.
  const keep = entries.filter((e) => !e.url.endsWith('.js') || shell.has(e.url) || LOCALE_CHUNK.test(e.url) || e.url === 'assets/warm.js');
  return { manifest: keep, warnings: [] };
};

export default defineConfig({
  plugins: [
    rememberOutDir,
    serverOnlyEndpointParts,
    react(),
    inlineEntryCss,
    dropInlinedCss,
    preloadBlocks,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/web registers the worker itself through workbox-window (update banner).
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Recovery Ops',
        short_name: 'RecoveryOps',
        description: 'Loan recovery operations: calling, field visits, legal, payments',
        theme_color: '#1d4ed8',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/app',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['index.html', 'assets/*.{js,css}'],
        globIgnores: ['assets/lazy/**'],
        // Hashed files are new URLs when they change: fetched as they are, not again with a
        // revision parameter; the unhashed ones (stableName, index.html) get a content revision.
        dontCacheBustURLsMatching: HASHED_ASSET,
        manifestTransforms: [shellOnly],
        buildPlugins: { vite: [serverOnlyEndpointParts] },
      },
      devOptions: { enabled: false },
    }),
    // .br and .gz beside every text asset, served as they are by the API server (preCompressed):
    // compressed once at the highest level instead of on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.(br|gz)$/], logLevel: 'silent' }),
  ],
  resolve: {
    // React 19's own hook instead of the pre-18 shim react-i18next imports (src/web/lib/use-sync-external-store-shim.ts).
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: new URL('./src/web/lib/use-sync-external-store-shim.ts', import.meta.url).pathname }],
  },
  build: {
    manifest: true,
    // Desk pages (assets/lazy/) load without a preload list: each list is ~60 chunk indices in the
    // entry chunk, paid by every phone on its first load (issue 18), for one round trip a desk
    // browser on a wired network saves when it opens the page (its imports then load in parallel).
    // No modulepreload polyfill (~0.4 KB gzipped in the entry, issue 18): every browser the app
    // supports (Chromium and Safari 17+ phones, current desk browsers) preloads modules itself.
    modulePreload: { polyfill: false, resolveDependencies: (filename, deps) => (filename.startsWith('assets/lazy/') ? [] : deps) },
    rolldownOptions: {
      output: {
        // The entry and the locale chunks keep their names across builds (stableName).
        entryFileNames: 'assets/[name].js',
        chunkFileNames: (chunk) => {
          const folder = LAZY_CHUNK.test(chunk.name) && !KERNEL_SOURCE.test(sourceOf(chunk.facadeModuleId)) ? 'assets/lazy' : 'assets';
          return stableName(chunk) ? `${folder}/[name].js` : `${folder}/[name]-[hash].js`;
        },
        // One chunk per language and part, whatever the number of areas: `en`, `hi`, `id` (core)
        // and `en-desk`, `hi-desk`, `id-desk`.
        // The entry, the app and the field day list each as one chunk, not ~30 small ones: `core`,
        // `app-main`, `field-day` (scripts/route-chunks.ts, issue 18 LCP).
        codeSplitting: { groups: [{ name: localeChunk, includeDependenciesRecursively: false }, { name: dateFnsChunk }, { name: routeChunkName(), includeDependenciesRecursively: false }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
