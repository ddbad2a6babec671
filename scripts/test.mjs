// `npm test`: unit and integration tests (Vitest), then the production build and the browser
// tests (Playwright + Debian's Chromium). Browser tests are required in CI; elsewhere, a
// machine without Chromium skips them with a loud notice.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const run = (command, args) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// The build comes first: the server start-up tests and the browser tests serve it.
run("npx", ["react-router", "build"]);
run("npx", ["vitest", "run"]);

if (!existsSync(chromium)) {
  if (process.env.CI) {
    console.error(`\nCI requires the browser tests, but no Chromium at ${chromium} (apt-get install -y chromium).`);
    process.exit(1);
  }
  console.warn("\n" + "!".repeat(78));
  console.warn(`!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium}.`);
  console.warn("!!! Install it with `apt-get install -y chromium` to run them. CI never skips them.");
  console.warn("!".repeat(78) + "\n");
  process.exit(0);
}

run("npx", ["playwright", "test"]);
