/**
 * A server of a test's own (tests/e2e/start-server.ts in a child process on its own port and a
 * fresh database), for tests that stop it or configure it (offline shell, field app) without
 * disturbing the shared server of the other tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface OwnServer {
  /** e.g. 'http://localhost:8797' */
  url: string;
  /** Stops the server (the whole process group: npx → tsx → node) and waits for it to exit. */
  stop(): Promise<void>;
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server at ${url} did not start`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  });
}

/**
 * Starts the app on `port` with extra environment (e.g. MAP_TILE_URL) and resolves once
 * /api/health answers.
 * @throws Error when it does not answer within `timeoutMs` (default 150 s: seeding the demo takes a while)
 */
export async function startOwnServer(port: number, env: Record<string, string> = {}, timeoutMs = 150_000): Promise<OwnServer> {
  const child = spawn('npx', ['tsx', 'tests/e2e/start-server.ts'], { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore', detached: true });
  const url = `http://localhost:${port}`;
  try {
    await waitForHealth(url, timeoutMs);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { url, stop: () => stopChild(child) };
}
