import { defineConfig, devices } from '@playwright/test';

const demoPort = Number(process.env.E2E_DEMO_PORT ?? 4173);
const serverPort = Number(process.env.E2E_SERVER_PORT ?? 4174);
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The built site in the system's Chromium, nothing downloaded: the demo, and our server as `npm start` runs it. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // One test at a time: the two servers, Chromium and the inbox's service worker already share the
  // machine's two cores, and a second test beside them made the timings the tests check (a push shown,
  // a worker taking control) fail now and then for want of a core, not for a fault.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // A test that fails is run once more, and one that then passes is listed as flaky in the report: a
  // few check timings a loaded machine can miss (a push shown, a service worker taking control), and
  // a miss there is a second's delay, not a fault. One that fails twice fails the run.
  retries: 1,
  // A walk through the inbox of twenty steps can take half a minute on a loaded machine.
  timeout: 60_000,
  // What the page shows after a step is waited for up to 10 s rather than 5 s, for the same reason.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'demo',
      testIgnore: 'server/**',
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${demoPort}` },
    },
    {
      name: 'server',
      testMatch: 'server/**/*.spec.ts',
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${serverPort}` },
    },
  ],
  webServer: [
    {
      command: `vite build --logLevel warn && vite preview --port ${demoPort} --strictPort`,
      env: { VITE_BACKEND: 'memory' },
      url: `http://127.0.0.1:${demoPort}/`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: 'npm run build && node dist/server/server-main.js',
      env: {
        PORT: String(serverPort),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
        // The account e2e/fixtures.ts signs in with.
        STAFF_EMAIL: 'e2e-staff@example.co.uk',
        STAFF_PASSWORD: 'e2e staff password',
        // Every test posts from one address; the limits have tests of their own.
        QUOTE_REQUESTS_PER_HOUR: '1000',
        QUOTE_REFUSALS_PER_HOUR: '10000',
        SIGN_IN_ATTEMPTS_PER_HOUR: '1000',
        SIGN_IN_FAILURES_PER_ADDRESS_PER_HOUR: '1000',
        CUSTOMER_LINK_VIEWS_PER_HOUR: '10000',
        CUSTOMER_LINK_CHANGES_PER_HOUR: '10000',
        PAGES_DRAWN_PER_HOUR: '10000',
        // Both browsers' connections come from this one address; the cap has tests of its own.
        MAX_CONNECTIONS_PER_CLIENT: '0',
        // The alert tests run their own push service, on loopback.
        PUSH_ALLOW_LOOPBACK_FOR_TESTS: 'true',
        // The browser fills the form in milliseconds, which the spam rules would take for a script.
        FORM_TOKEN_BACKDATE_SECONDS: '10',
      },
      url: `http://127.0.0.1:${serverPort}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
});
