/**
 * End-to-end tests in Debian's Chromium against the real server (built web app + API on one port)
 * on a fresh database. `npm run test:e2e` builds first. No browser download: /usr/bin/chromium.
 */
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8787);
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // On CI a trace only when a failed test is retried (it retries once): recording one for every
    // test (retain-on-failure) screencasts every page and cost ~30 % of the suite's time on 2 cores.
    // Locally nothing is retried, so a failure keeps the trace of its one run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS } } }],
  webServer: {
    command: 'npx tsx tests/e2e/start-server.ts',
    // The calling desk's local telephony simulator: 10 times real time, the borrower always answers,
    // talks 10 simulated minutes (1 real minute: the supervisor's e2e acts on the live call) (issue 14).
    env: { PORT: String(PORT), CALLING_SIMULATOR_SPEED: '10', CALLING_SIMULATOR_ANSWER: 'always', CALLING_SIMULATOR_TALK: '600', SIP_WEBSOCKET_SOURCES: 'wss: ws://127.0.0.1:*' },
    url: `http://localhost:${PORT}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM lets start-server.ts close the server and drop its database / temp directory.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
