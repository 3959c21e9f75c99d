/**
 * The API tests on both databases (README "Test it"): embedded PGlite always, and the PostgreSQL
 * server at TEST_DATABASE_URL (else DATABASE_URL) when one is set, the two runs side by side (each
 * test file makes its own database, so they share nothing; PGlite's WebAssembly and PostgreSQL's
 * backends keep the two cores busy). Output is prefixed [pglite] / [postgres]; exits non-zero when
 * either run fails. `npm run test:api` runs this; extra arguments go to vitest (file filters).
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

function run(label: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'api', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (chunk: Buffer, out: NodeJS.WriteStream) => {
      for (const line of chunk.toString().split('\n')) if (line) out.write(`[${label}] ${line}\n`);
    };
    child.stdout.on('data', (c: Buffer) => prefix(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => prefix(c, process.stderr));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const pgliteEnv = { ...process.env };
delete pgliteEnv.DATABASE_URL;
const runs = [run('pglite', pgliteEnv)];
if (postgresUrl) runs.push(run('postgres', { ...process.env, DATABASE_URL: postgresUrl }));
else process.stdout.write('[postgres] skipped: set TEST_DATABASE_URL (or DATABASE_URL) to run the API tests on PostgreSQL too\n');
const codes = await Promise.all(runs);
const failed = codes.some((code) => code !== 0);
process.stdout.write(failed ? `API tests failed (exit codes ${codes.join(', ')})\n` : `API tests passed on ${runs.length === 2 ? 'PGlite and PostgreSQL' : 'PGlite'}\n`);
process.exit(failed ? 1 : 0);
