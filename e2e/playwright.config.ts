import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

// End-to-end suites: production builds of host and remotes, served as deployed (api on one origin,
// each remote a static folder on its own origin), the real api on a fresh database, in Debian's
// Chromium. One worker: the machine has two cores and every file starts its own portal.
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: Boolean(process.env.CI),
  // the HTML report (traces and screenshots of failures) in e2e/playwright-report/ on every run
  // (E2E_REPORT_DIR: npm test's run against a separately started portal writes
  // playwright-report/deployment); remoteTags.ts fails the run when a test has no remote tag
  reporter: [
    ['list'],
    ['html', { outputFolder: process.env.E2E_REPORT_DIR || 'playwright-report', open: 'never' }],
    ['./support/remoteTags.ts'],
  ],
  outputDir: 'test-results',
  globalSetup: './support/globalSetup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
