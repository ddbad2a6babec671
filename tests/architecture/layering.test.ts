// Proves that the layering rules in .dependency-cruiser.cjs bite: a small tree with one planted
// violation per rule (and imports that must stay allowed) is cruised with the real config, the
// way `npm run lint` does, and every reported violation is checked by rule name. The real tree is
// checked by `npm run lint`, not here.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = resolve(import.meta.dirname, "../..");
const depcruise = join(repo, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const config = join(repo, ".dependency-cruiser.cjs");

/** The planted tree: path → source. Comments say what each import must (not) trip. */
const TREE: Record<string, string> = {
  // --- The allowed shape: nothing here may be reported.
  "app/config/constants.ts": `export const PRICE = 100;\n`,
  "app/utils/money.ts": `import { PRICE } from "~/config/constants";\nexport const pence = () => PRICE;\n`,
  "app/db/schema.ts": `import { pence } from "~/utils/money";\nexport const table = pence;\n`,
  "app/modules/cart/pricing.ts":
    `import { table } from "~/db/schema";\nimport { PRICE } from "~/config/constants";\n` +
    `import { pence } from "~/utils/money";\nexport const total = () => table() + PRICE + pence();\n`,
  "app/modules/cart/cart.server.ts": `import { total } from "./pricing";\nexport const load = () => total();\n`,
  "app/modules/orders/o.ts": `import { total } from "~/modules/cart/pricing";\nexport const order = total;\n`,
  "app/modules/payments/provider.ts": `import { table } from "~/db/schema";\nexport const pay = table;\n`,
  "app/modules/payments/events.server.ts": `import { pay } from "./provider";\nexport const handle = pay;\n`,
  "app/web/wiring.server.ts":
    `import { handle } from "~/modules/payments/events.server";\nimport { order } from "~/modules/orders/o";\n` +
    `export const wire = () => [handle, order];\n`,
  // A hook typing the root loader: a cycle root → header → use-shop ⇢ root, closed by a type import.
  "app/web/use-shop.ts": `import type { loader } from "~/root";\nexport type Shop = Awaited<ReturnType<typeof loader>>;\nexport const useShop = (): Shop | null => null;\n`,
  "app/stores/cart-store.ts": `import { total } from "~/modules/cart/pricing";\nexport const store = total;\n`,
  "app/components/header.tsx":
    `import { useShop } from "~/web/use-shop";\nimport { store } from "~/stores/cart-store";\n` +
    `import { total } from "~/modules/cart/pricing";\nexport const Header = () => [useShop(), store, total];\n`,
  "app/demo/catalogue.ts": `import { order } from "~/modules/orders/o";\nimport { table } from "~/db/schema";\nexport const demo = [order, table];\n`,
  "app/root.tsx":
    `import { Header } from "~/components/header";\nimport { Bad } from "~/components/bad-header";\n` +
    `export async function loader() { return { Header, Bad }; }\n`,
  "app/routes/y.tsx":
    `import { wire } from "~/web/wiring.server";\nimport { Header } from "~/components/header";\n` +
    `import { load } from "~/modules/cart/cart.server";\nimport { demo } from "~/demo/catalogue";\n` +
    `import type { Route } from "./+types/y";\nexport const y = (_args: Route) => [wire, Header, load, demo];\n`,
  "app/routes/y.test.ts": `import { y } from "./y";\nexport const t = y;\n`,
  "app/routes.ts": `import { y } from "./routes/y";\nexport default [y];\n`,
  "server/main.ts": `import { wire } from "~/web/wiring.server";\nimport { demo } from "~/demo/catalogue";\nexport const main = [wire, demo];\n`,

  // --- Planted violations.
  "app/modules/a/x.ts": `import { y } from "~/routes/y";\nexport const x = y;\n`,
  "app/modules/a/ui.ts":
    `import { useState } from "react";\nimport type { MetaDescriptor } from "react-router";\n` +
    `export const meta = (m: MetaDescriptor) => [useState, m];\n`,
  "app/modules/a/request.ts": `import { wire } from "~/web/wiring.server";\nexport const r = wire;\n`,
  "app/modules/a/missing.ts": `import { gone } from "~/modules/a/gone";\nexport const m = gone;\n`,
  "app/modules/a/server.ts": `import { main } from "../../../server/main";\nexport const s = main;\n`,
  "app/modules/a/z.server.ts": `export const z = 1;\n`,
  "app/modules/payments/p.ts": `import { order } from "~/modules/orders/o.ts";\nexport const p = order;\n`,
  "app/components/c.tsx": `import { z } from "~/modules/a/z.server.ts";\nexport const C = () => z;\n`,
  "app/components/d.tsx": `import { table } from "~/db/schema";\nexport const D = () => table;\n`,
  "app/stores/s.ts": `import type { Shop } from "~/web/use-shop";\nexport type S = Shop;\n`,
  "app/utils/u.ts": `import { total } from "~/modules/cart/pricing";\nexport const u = total;\n`,
  "app/config/c.ts": `import { pence } from "~/utils/money";\nexport const c = pence;\n`,
  "app/db/d.ts": `import { order } from "~/modules/orders/o";\nexport const d = order;\n`,
  "app/web/w.ts": `import { Header } from "~/components/header";\nexport const w = Header;\n`,
  "app/web/root-value.ts": `import { loader } from "~/root";\nexport const rv = loader;\n`,
  "app/demo/art.ts": `import { Header } from "~/components/header";\nexport const art = Header;\n`,
  "server/jobs.ts": `import { y } from "~/routes/y";\nexport const jobs = y;\n`,
  // A value cycle, and a cycle closed by a type-only import (type imports count).
  "app/modules/cyc/a.ts": `import { b } from "./b";\nexport const a = () => b;\n`,
  "app/modules/cyc/b.ts": `import { a } from "./a";\nexport const b = () => a;\n`,
  "app/modules/typecyc/a.ts": `import type { B } from "./b";\nexport type A = { b?: B };\nexport const a = 1;\n`,
  "app/modules/typecyc/b.ts": `import { a } from "./a";\nexport type B = typeof a;\n`,
  // A cycle through app/root.tsx made of value imports is not excused (root.tsx imports it).
  "app/components/bad-header.tsx": `import { loader } from "~/root";\nexport const Bad = () => loader;\n`,
};

/** Each expected violation as `rule: from → to`. */
const EXPECTED = [
  "modules-layer: app/modules/a/x.ts → app/routes/y.tsx",
  "modules-layer: app/modules/a/request.ts → app/web/wiring.server.ts",
  "modules-no-react: app/modules/a/ui.ts → react",
  "modules-no-react: app/modules/a/ui.ts → react-router",
  "not-to-unresolvable: app/modules/a/missing.ts → ~/modules/a/gone",
  "app-not-into-server: app/modules/a/server.ts → server/main.ts",
  "payments-self-contained: app/modules/payments/p.ts → app/modules/orders/o.ts",
  "ui-no-server-code: app/components/c.tsx → app/modules/a/z.server.ts",
  "components-layer: app/components/d.tsx → app/db/schema.ts",
  "stores-layer: app/stores/s.ts → app/web/use-shop.ts",
  "utils-layer: app/utils/u.ts → app/modules/cart/pricing.ts",
  "config-layer: app/config/c.ts → app/utils/money.ts",
  "db-layer: app/db/d.ts → app/modules/orders/o.ts",
  "web-layer: app/web/w.ts → app/components/header.tsx",
  "web-root-types-only: app/web/root-value.ts → app/root.tsx",
  "demo-layer: app/demo/art.ts → app/components/header.tsx",
  "no-importing-route-modules: server/jobs.ts → app/routes/y.tsx",
  // dependency-cruiser reports each cycle once, at one of its edges.
  "no-circular: app/modules/cyc/a.ts → app/modules/cyc/b.ts",
  "no-circular: app/modules/typecyc/a.ts → app/modules/typecyc/b.ts",
  "components-layer: app/components/bad-header.tsx → app/root.tsx",
  "no-circular-via-root: app/components/bad-header.tsx → app/root.tsx",
];

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

let dir: string;

function cruise(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [depcruise, ...args, "--config", config], { cwd: dir });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

/** Bare package names for unresolved imports, node_modules/<pkg>/… shortened to <pkg>. */
const short = (path: string) => path.replace(/^(?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, "$1");

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "nearmint-layering-"));
  for (const [path, source] of Object.entries(TREE)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  // The same `~/*` alias as the real tsconfig.json; the real node_modules for react & co.
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "ES2022",
        moduleResolution: "bundler",
        jsx: "react-jsx",
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        noEmit: true,
        paths: { "~/*": ["./app/*"] },
      },
    }),
  );
  symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"), "dir");
});

afterAll(() => {
  // KEEP_TREE=1 leaves the planted tree in the temp dir, to run depcruise on it by hand.
  if (dir && !process.env.KEEP_TREE) rmSync(dir, { recursive: true, force: true });
});

describe("the layering rules (.dependency-cruiser.cjs)", () => {
  let violations: Violation[] = [];
  let reported: string[] = [];

  beforeAll(async () => {
    const { stdout, stderr } = await cruise(["app", "server", "--output-type", "json"]);
    const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
    if (!result.summary) throw new Error(`dependency-cruiser gave no result: ${stderr}`);
    violations = result.summary.violations;
    reported = violations.map((v) => `${v.rule.name}: ${v.from} → ${short(v.to)}`);
  }, 60_000);

  it.each(EXPECTED)("reports %s", (violation) => {
    expect(reported).toContain(violation);
  });

  it("reports nothing else: allowed imports (including `import type { loader } from \"~/root\"` in a hook) pass", () => {
    const others = reported.filter((line) => !EXPECTED.includes(line));
    expect(others).toEqual([]);
    expect(violations.every((v) => v.rule.severity === "error")).toBe(true);
  });

  it("exits non-zero and prints one readable line per violation", async () => {
    const { code, stdout } = await cruise(["app", "server"]);
    expect(code).not.toBe(0);
    expect(stdout).toContain("error modules-layer: app/modules/a/x.ts → app/routes/y.tsx");
    expect(stdout).toContain("error ui-no-server-code: app/components/c.tsx → app/modules/a/z.server.ts");
  }, 60_000);
});
