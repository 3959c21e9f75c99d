import { defineConfig } from 'vitest/config';

/** Unit tests (pure domain and web logic) and API tests (the Fastify app over a real database). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // One migrated, seeded database per run; each file starts from a copy (global-setup.ts).
          globalSetup: ['tests/api/global-setup.ts'],
          // PGlite boots a WASM Postgres per file; run files one after another to stay within 2 cores.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
