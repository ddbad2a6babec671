/**
 * `npm run bench:lighthouse` — Lighthouse scores and first-load JavaScript of the customer's
 * landing pages (home, a category, a product) on the production build.
 *
 * 1. Builds the shop when the build is missing or older than app/, public/ or package.json
 *    (`npx react-router build`; BENCH_BUILD=1 forces a build).
 * 2. Starts the production build (`node server/main.ts`, NODE_ENV=production) on the embedded
 *    database in a fresh temporary DATA_DIR, which loads the demo catalogue, on BENCH_PORT (3142).
 * 3. First-load JS per page: the sum of the gzipped sizes (zlib, default level — what the
 *    server's compression middleware sends) of every script the HTML references (module
 *    preloads, script src, the inline bootstrap's imports), read from build/client.
 * 4. Runs the Lighthouse CLI BENCH_RUNS (3) times per page — a fresh headless Chromium each run,
 *    mobile form factor, default (simulated) throttling — and takes the median of each score.
 * 5. Prints a table, writes bench/lighthouse/latest.json, stops the server, removes the folder.
 *    BENCH_RUNS=0 skips Lighthouse and latest.json: the first-load JS figures alone, in seconds.
 *
 * Exits 1 when a page misses a target: performance >= 98, accessibility, best practices and
 * SEO 100, first-load JS <= 120 kB gzip (1 kB = 1,000 bytes, as Vite reports sizes).
 * Not a test: other programs on the machine lower the performance score (see bench/README.md).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = resolve(import.meta.dirname, "../..");
const BUILD_DIR = resolve(ROOT, process.env.BUILD_DIR ?? "build");
const PORT = Number(process.env.BENCH_PORT ?? 3142);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const BASE = `http://127.0.0.1:${PORT}`;

const PAGES: { name: string; path: string }[] = [
  { name: "home", path: "/" },
  { name: "category", path: "/category/english-booster-boxes" },
  { name: "product", path: "/products/phantasmal-flames-booster-box-36-packs" },
];

const TARGETS = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];
const JS_BUDGET_BYTES = 120_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function buildIfNeeded(): void {
  const entry = join(BUILD_DIR, "server/index.js");
  const sources = ["app", "public"].map((d) => join(ROOT, d)).filter(existsSync);
  const stale =
    process.env.BENCH_BUILD === "1" ||
    !existsSync(entry) ||
    Math.max(...sources.map(newestMtime), statSync(join(ROOT, "package.json")).mtimeMs) > statSync(entry).mtimeMs;
  if (!stale) return;
  console.log("[bench] building the shop…");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  if (build.status !== 0) throw new Error("the build failed");
}

async function startShop(dataDir: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    BUILD_DIR,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    DEMO_DATA: "1",
  };
  // The embedded database, whatever the calling shell points at.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}) before it answered`);
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill("SIGTERM");
  throw new Error("the shop did not answer /healthz within 120 s");
}

/** The scripts a first visit loads: everything under /assets/ the HTML names as a script. */
function referencedScripts(html: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /<link\b[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/g,
    /<script\b[^>]*src="(\/assets\/[^"]+\.js)"/g,
    /import\(?\s*["'](\/assets\/[^"']+\.js)["']/g,
  ];
  for (const pattern of patterns) for (const match of html.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

function firstLoadJs(html: string) {
  const files = referencedScripts(html).map((url) => {
    const source = readFileSync(join(BUILD_DIR, "client", url));
    return { url, bytes: source.length, gzipBytes: gzipSync(source).length };
  });
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return {
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    files,
  };
}

interface LighthouseRun {
  scores: Record<Category, number>;
  metrics: Record<string, number>;
  /** Audits of the four categories that did not pass, by id (score below 1). */
  failing: Record<string, string>;
}

const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

function runLighthouse(url: string, outputPath: string): LighthouseRun {
  const result = spawnSync(
    "npx",
    [
      "lighthouse",
      url,
      "--quiet",
      "--output=json",
      `--output-path=${outputPath}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url} (exit ${result.status})`);
  const report = JSON.parse(readFileSync(outputPath, "utf8")) as {
    categories: Record<Category, { score: number; auditRefs: { id: string; weight: number }[] }>;
    audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number; displayValue?: string; title: string }>;
  };
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round(report.categories[c].score * 100)])) as Record<Category, number>;
  const metrics = Object.fromEntries(METRICS.map((id) => [id, Math.round((report.audits[id]?.numericValue ?? NaN) * 1000) / 1000]));
  const failing: Record<string, string> = {};
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category].auditRefs) {
      const audit = report.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode)) continue;
      if (category === "performance" && ref.weight === 0) continue;
      failing[ref.id] = `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`;
    }
  }
  return { scores, metrics, failing };
}

/** Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART): that run is redone. */
function runWithRetries(url: string, outputPath: string, attempts = 3): LighthouseRun {
  for (let attempt = 1; ; attempt++) {
    try {
      return runLighthouse(url, outputPath);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`[bench] ${(error as Error).message}; trying again`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

buildIfNeeded();
const dataDir = mkdtempSync(join(tmpdir(), "nearmint-lighthouse-"));
const loadBefore = loadavg();
let shop: ChildProcess | undefined;
const stop = () => {
  shop?.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  stop();
  process.exit(130);
});

let missed = false;
try {
  shop = await startShop(dataDir);
  // Every page's HTML first: an idle keep-alive connection may be closed under a later fetch.
  const htmls: string[] = [];
  for (const page of PAGES) {
    const response = await fetch(`${BASE}${page.path}`);
    if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
    htmls.push(await response.text());
  }
  const results = [];
  for (const [index, page] of PAGES.entries()) {
    const js = firstLoadJs(htmls[index]!);
    if (RUNS === 0) for (const f of js.files) console.log(`  ${page.path} ${f.url} ${f.gzipBytes}`);
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(runWithRetries(`${BASE}${page.path}`, join(dataDir, `${page.name}-${i}.json`)));
      console.log(`[bench] ${page.path} run ${i + 1}/${RUNS}: ${CATEGORIES.map((c) => runs.at(-1)!.scores[c]).join(" / ")}`);
    }
    // BENCH_RUNS=0 measures the JavaScript only (a quick check while cutting bundles).
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, runs.length ? median(runs.map((r) => r.scores[c])) : NaN])) as Record<Category, number>;
    const misses = CATEGORIES.filter((c) => scores[c] < TARGETS[c]).map((c) => `${c} ${scores[c]} < ${TARGETS[c]}`);
    if (js.gzipBytes > JS_BUDGET_BYTES) misses.push(`first-load JS ${(js.gzipBytes / 1000).toFixed(1)} kB > ${JS_BUDGET_BYTES / 1000} kB`);
    if (misses.length) missed = true;
    results.push({ ...page, scores, runs, firstLoadJs: js, misses });
  }

  console.log("\n| Page | Performance | Accessibility | Best practices | SEO | First-load JS (gzip) |");
  console.log("|---|---|---|---|---|---|");
  for (const r of results) {
    const s = r.scores;
    console.log(`| ${r.name} \`${r.path}\` | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} | ${(r.firstLoadJs.gzipBytes / 1000).toFixed(1)} kB |`);
  }
  for (const r of results) {
    const failing = new Map<string, string>();
    for (const run of r.runs) for (const [id, title] of Object.entries(run.failing)) failing.set(id, title);
    if (failing.size) console.log(`\n${r.path}, audits not passed in some run:\n${[...failing].map(([id, t]) => `  ${id}: ${t}`).join("\n")}`);
    if (r.misses.length) console.log(`${r.path} MISSES: ${r.misses.join("; ")}`);
  }
  const loadAfter = loadavg();
  console.log(`\nload average before ${loadBefore.map((l) => l.toFixed(2)).join(" ")}, after ${loadAfter.map((l) => l.toFixed(2)).join(" ")}`);

  if (RUNS > 0) writeFileSync(
    join(ROOT, "bench/lighthouse/latest.json"),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadBefore, loadAfter },
        settings: { runs: RUNS, chrome: CHROME_PATH, formFactor: "mobile", throttling: "simulated (Lighthouse default)" },
        targets: { ...TARGETS, firstLoadJsGzipBytes: JS_BUDGET_BYTES },
        pages: results,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  stop();
}
if (missed) {
  console.log("\nA page is under its targets.");
  process.exit(1);
}
