/**
 * Vite build of the web app (src/web) and its service worker (sw/sw.ts, Workbox injectManifest).
 *
 * Precache policy: the shell (index.html, the entry chunk and its static imports, CSS, icons,
 * manifest and locale chunks) is precached so a signed-in user reloading offline gets the app.
 * Route chunks of desktop/admin screens are emitted under `assets/lazy/` and left out: they need
 * the API anyway and would only make the first install heavier. The field app's lazy chunks
 * (src/web/features/field, src/offline; issue 4) are precached: an executive opens them offline.
 * Locale chunks: Hindi and Bahasa core texts (`assets/hi-*.js`, `assets/id-*.js`) are precached;
 * the desk texts of every language (`<lang>-desk.json`, src/web/lib/i18n.ts) go to `assets/lazy/`
 * with the desk screens that need them and are not precached.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { defineConfig } from 'vite';
import type { Manifest, Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';

/** Chunks emitted under assets/lazy/ (not precached): desk pages and desk texts, unless FIELD_SOURCE. */
const LAZY_CHUNK = /-(page|desk)$/;
const LOCALE_CHUNK = /^assets\/(hi|id)-[\w-]+\.js$/;
/**
 * Sources whose lazy chunks must work offline, so they are precached: the field app (issue 4),
 * sign-in and home, and the shell's own popups (user menu, the phone's More sheet, session dialogs,
 * toaster, service worker registration), which are lazy only to keep them out of the field route's
 * first load.
 */
const FIELD_SOURCE = /^src\/(web\/features\/(field|auth|home)|offline|web\/app)\//;

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

/** The field executive's day list and its shell part: the chunks the field route waits for (issue 4). */
const FIELD_ROUTE_MODULES = ['src/web/features/field/my-visits-screen.tsx', 'src/web/features/field/field-shell.tsx'];

/**
 * Adds `<link rel="modulepreload">` for the field day list's chunks (and their static imports) to
 * index.html, so a phone fetches them alongside the entry instead of after the entry has run: one
 * round trip less before the executive's day shows. Every visitor's service worker precaches these
 * chunks anyway (FIELD_SOURCE), so desk users download nothing they would not have downloaded.
 */
const preloadFieldRoute: Plugin = {
  name: 'preload-field-route',
  apply: 'build',
  enforce: 'post',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const wanted = new Set<string>();
      const visit = (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || wanted.has(file)) return;
        wanted.add(file);
        for (const child of chunk.imports) visit(child);
      };
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId ? relative(process.cwd(), chunk.facadeModuleId).split(sep).join('/') : '';
        if (FIELD_ROUTE_MODULES.includes(id)) visit(chunk.fileName);
      }
      const links = [...wanted]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    ');
      return links ? html.replace('</head>', `    ${links}\n  </head>`) : html;
    },
  },
};

/**
 * Keeps in the precache only the JavaScript that index.html loads statically (followed through
 * Vite's build manifest) plus the locale chunks; chunks shared only by lazy screens stay out.
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
  };
  visit('index.html');
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isDynamicEntry && FIELD_SOURCE.test(key)) visit(key);
  const keep = entries.filter((e) => !e.url.endsWith('.js') || shell.has(e.url) || LOCALE_CHUNK.test(e.url));
  return { manifest: keep, warnings: [] };
};

export default defineConfig({
  plugins: [
    rememberOutDir,
    react(),
    inlineEntryCss,
    preloadFieldRoute,
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
        manifestTransforms: [shellOnly],
      },
      devOptions: { enabled: false },
    }),
    // .br and .gz beside every text asset, served as they are by the API server (preCompressed):
    // compressed once at the highest level instead of on every request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.(br|gz)$/], logLevel: 'silent' }),
  ],
  build: {
    manifest: true,
    rollupOptions: {
      output: {
        chunkFileNames: (chunk) =>
          LAZY_CHUNK.test(chunk.name) && !FIELD_SOURCE.test(relative(process.cwd(), chunk.facadeModuleId ?? '').split(sep).join('/'))
            ? 'assets/lazy/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
