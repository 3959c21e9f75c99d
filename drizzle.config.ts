/**
 * drizzle-kit: one migration history (PostgreSQL dialect) for PGlite and node-postgres. The schema
 * is the kernel's own tables plus each area's `schema.ts`, for every area in src/domain/areas.ts.
 */
import { existsSync } from 'node:fs';
import { defineConfig } from 'drizzle-kit';
import { AREA_NAMES } from './src/domain/areas';

const KERNEL_TABLES = ['./src/server/http/idempotency-schema.ts', './src/server/messaging/schema.ts', './src/server/http/rate-limit-schema.ts'];

export default defineConfig({
  dialect: 'postgresql',
  schema: [...KERNEL_TABLES, ...AREA_NAMES.map((name) => `./src/server/modules/${name}/schema.ts`).filter((file) => existsSync(file))],
  out: './src/server/db/migrations',
});
