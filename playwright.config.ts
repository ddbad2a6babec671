import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run the production build against a database of their own on the PostgreSQL
 * server (created by scripts/e2e-server.mjs, dropped by tests/e2e/global-teardown.ts).
 * Workers inherit these variables, so every process agrees on the names.
 */
process.env.E2E_PORT ??= "3111";
process.env.E2E_DB_NAME ??= `nearmint_e2e_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const adminUrl = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
adminUrl.pathname = `/${process.env.E2E_DB_NAME}`;
process.env.E2E_DATABASE_URL ??= adminUrl.toString();

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  // Per port, so two runs side by side don't overwrite each other's traces.
  outputDir: `test-results/e2e-${process.env.E2E_PORT}`,
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two workers, their browsers, the shop and PostgreSQL share two cores: on the slowest machine
  // CI has run on (2026-11-28, about half the speed of the ones before) the longest specs, the
  // accessibility sweeps, took 60-70 s with both workers busy (34 s alone). A timeout is not an
  // assertion: it only has to be longer than the slowest healthy run.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: process.env.E2E_PORT,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      PUBLIC_URL: baseURL,
      DEMO_DATA: "1",
      ADMIN_EMAILS: "admin@e2e.nearmint.test",
      // Every spec signs up its own customers from 127.0.0.1: far more than a real address's 10 an hour.
      SIGN_UPS_PER_ADDRESS_PER_HOUR: "1000",
      // The SMTP sink of tests/e2e/global-setup.ts (port derived from E2E_PORT, see tests/e2e/mail.ts).
      SMTP_URL: `smtp://127.0.0.1:${20000 + Number(process.env.E2E_PORT)}`,
      NODE_ENV: "production",
      // The server's output is piped into the test report: warnings and errors only, not a JSON line per request.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Uploaded images (the media store) go to a folder of this run's port, not the checkout's data/.
      DATA_DIR: process.env.E2E_DATA_DIR ?? join(tmpdir(), `nearmint-e2e-${process.env.E2E_PORT}`),
    },
  },
});
