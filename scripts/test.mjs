// `npm test`: lint (ESLint + the layering rules) and the type check, the production build, unit
// and integration tests (Vitest), then the browser tests (Playwright + Debian's Chromium against
// the build, on a PostgreSQL database of their own). Browser tests are required in CI; elsewhere,
// a machine without Chromium or without a PostgreSQL server skips them with a loud notice.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const postgresUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const run = (command, args) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

function skipBrowserTests(reason, remedy) {
  if (process.env.CI) {
    console.error(`\nCI requires the browser tests, but ${reason} (${remedy}).`);
    process.exit(1);
  }
  console.warn("\n" + "!".repeat(78));
  console.warn(`!!! BROWSER TESTS SKIPPED: ${reason}.`);
  console.warn(`!!! ${remedy} to run them. CI never skips them.`);
  console.warn("!".repeat(78) + "\n");
  process.exit(0);
}

// Cheap static checks first, failing fast: lint (ESLint, then the layering rules of
// .dependency-cruiser.cjs) and the type check.
run("npm", ["run", "lint"]);
run("npm", ["run", "typecheck"]);
// Then the build: the server start-up tests and the browser tests serve it.
run("npx", ["react-router", "build"]);
run("npx", ["vitest", "run"]);

if (!existsSync(chromium)) skipBrowserTests(`no Chromium at ${chromium}`, "Install it with `apt-get install -y chromium`");
if (!(await postgresAnswers())) skipBrowserTests(`no PostgreSQL server at ${postgresUrl}`, "Start one or set TEST_DATABASE_URL");

run("npx", ["playwright", "test"]);
