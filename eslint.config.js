import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The folders of a directory (the areas on one side: src/server/modules/*, src/web/features/*). */
const foldersOf = (dir) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/**
 * The walls between the layers and areas (issue 11; docs/decisions/007-area-kernel.md), as
 * import-x/no-restricted-paths zones. tests/unit/architecture.test.ts checks the same over the
 * import graph, with messages naming the offending import.
 */
const zones = [
  // The domain is pure: shared by the browser, the service worker and the server.
  { target: './src/domain', from: ['./src/server', './src/web', './src/offline', './sw'], message: 'The domain has no I/O: it imports no server, web, offline or service-worker code.' },
  // The offline layer and the service worker are imported by the page and the worker alike.
  { target: ['./src/offline', './sw'], from: './src/web', message: 'src/offline and sw/ run in the service worker: they import nothing of src/web.' },
  // The kernels import no area.
  { target: ['./src/web/lib', './src/web/components'], from: './src/web/features', message: 'The web kernel (lib, components) imports no feature: features register through their front door.' },
  { target: './src/web/features', from: './src/web/app', message: 'A feature does not import the app shell (src/web/app): use src/web/lib.' },
  {
    target: ['./src/server/http', './src/server/db', './src/server/jobs', './src/server/realtime', './src/server/storage', './src/server/messaging', './src/server/security', './src/server/geo', './src/server/config.ts', './src/server/logging.ts'],
    from: './src/server/modules',
    message: 'The server kernel imports no area: areas provide services through their front door (defineArea provides).',
  },
  // An area reaches another only through its public face.
  ...foldersOf('src/server/modules').map((area) => ({
    target: `./src/server/modules/${area}`,
    from: './src/server/modules',
    except: [`./${area}`, ...foldersOf('src/server/modules').filter((other) => other !== area).map((other) => `./${other}/queries.ts`)],
    message: `Area "${area}" may use another area only through its queries.ts.`,
  })),
  ...foldersOf('src/web/features').map((area) => ({
    target: `./src/web/features/${area}`,
    from: './src/web/features',
    except: [`./${area}`, ...foldersOf('src/web/features').filter((other) => other !== area).map((other) => `./${other}/public.ts`)],
    message: `Feature "${area}" may use another feature only through its public.ts.`,
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations', 'dev-dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      // no-cycle parses the files an import leads to: TypeScript ones with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // Type-only imports are erased; a cycle through them costs nothing at run time.
      // A lazy import() back (an endpoint definition's schemas thunk) is not a load-time cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // The domain is shared by the browser, the service worker and the server: no I/O, no React, no Node.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', 'node:*', 'fastify*', 'drizzle-orm*', 'dexie*'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/offline/**/*.ts', 'sw/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fastify*', 'drizzle-orm*', '**/server/**'] }],
    },
  },
);
