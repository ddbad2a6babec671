import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The README's promise, tested: the production build starts on the embedded database with
 * the demo catalogue, answers /healthz and serves the home page; bad configuration stops it
 * with one clear line.
 */
const root = resolve(import.meta.dirname, "../..");
const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");
const hasBuild = existsSync(join(buildDir, "server/index.js"));

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function runToExit(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = startServer(env);
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.on("exit", (code) => done({ code, stderr }));
  });
}

describe.runIf(hasBuild)("starting the shop on the embedded database", () => {
  const port = 3400 + Math.floor(Math.random() * 500);
  const dataDir = mkdtempSync(join(tmpdir(), "nearmint-start-"));
  let server: ChildProcess;
  const base = `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    server = startServer({ PORT: String(port), DATA_DIR: dataDir });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error("the server did not become healthy within 90 s");
  }, 100_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers /healthz with a small JSON body", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("serves the home page with the banner, 8 new releases and local flags", async () => {
    const res = await fetch(base + "/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Expect delays in shipping up to a week due to packaging issues.");
    expect(html.match(/data-testid="new-release"/g)).toHaveLength(8);
    const flag = html.match(/src="(\/flags\/4x3\/[a-z]{2}\.svg)"/)![1]!;
    const flagRes = await fetch(base + flag);
    expect(flagRes.status).toBe(200);
    expect(flagRes.headers.get("content-type")).toContain("image/svg+xml");
  });

  it("serves generated product art and a real 404 for unknown pages", async () => {
    const html = await (await fetch(base + "/")).text();
    const art = html.match(/src="(\/images\/art\/[^"]+\.svg)"/)![1]!;
    const artRes = await fetch(base + art);
    expect(artRes.status).toBe(200);
    expect(await artRes.text()).toMatch(/^<svg/);
    const missing = await fetch(`${base}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Page not found");
  });

  it("refuses a cross-site form post", async () => {
    const res = await fetch(`${base}/`, { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });
});

describe("invalid configuration", () => {
  it.each([
    [{ PORT: "not-a-port" }, "PORT"],
    [{ DATABASE_URL: "mysql://127.0.0.1/shop" }, "DATABASE_URL"],
    [{ DATABASE_URL: "postgres://postgres@127.0.0.1:1/none" }, "DATABASE_URL"],
    // An https shop without Stripe would silently take orders through the sandbox (issue 12, finding 10).
    [{ PUBLIC_URL: "https://shop.example", STRIPE_SECRET_KEY: "", PAYMENTS: "" }, "PAYMENTS"],
  ])("%o stops the server with one line naming %s", async (env, name) => {
    const { code, stderr } = await runToExit(env);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(name);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  }, 30_000);
});
