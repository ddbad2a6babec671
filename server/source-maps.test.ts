import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { keepSourceMaps } from "./source-maps";

describe("keepSourceMaps", () => {
  it("does not keep them in production by default", () => {
    expect(keepSourceMaps(false, ["--import", "tsx"], undefined)).toBe(false);
    expect(keepSourceMaps(false, [], "--max-old-space-size=512")).toBe(false);
  });

  it("keeps them in development", () => {
    expect(keepSourceMaps(true, [], undefined)).toBe(true);
  });

  it("keeps them when asked for with --enable-source-maps, as a flag or in NODE_OPTIONS", () => {
    expect(keepSourceMaps(false, ["--enable-source-maps", "--import", "tsx"], undefined)).toBe(true);
    expect(keepSourceMaps(false, [], "--max-old-space-size=512  --enable-source-maps")).toBe(true);
  });

  it("lets the last of --enable-source-maps and --no-enable-source-maps win, the command line after NODE_OPTIONS", () => {
    expect(keepSourceMaps(false, ["--no-enable-source-maps"], "--enable-source-maps")).toBe(false);
    expect(keepSourceMaps(false, ["--enable-source-maps"], "--no-enable-source-maps")).toBe(true);
    expect(keepSourceMaps(false, ["--enable-source-maps", "--no-enable-source-maps"], undefined)).toBe(false);
  });

  it("ignores flags that only look like it", () => {
    expect(keepSourceMaps(false, ["--enable-source-maps-extra"], "--enable-source-mapsx")).toBe(false);
  });
});

describe("source-maps-off.ts under tsx, as server/main.ts runs", () => {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const sourceMapsAfterImport = (args: string[], nodeOptions = "") =>
    execFileSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", 'await import("./server/source-maps-off.ts"); console.log(process.sourceMapsEnabled)', "--", ...args],
      { cwd: root, env: { ...process.env, NODE_OPTIONS: nodeOptions }, encoding: "utf8" },
    ).trim();

  it("turns off the source maps tsx turned on", () => {
    expect(sourceMapsAfterImport([])).toBe("false");
  });

  it("leaves them on with --dev, or when NODE_OPTIONS asks for them", () => {
    expect(sourceMapsAfterImport(["--dev"])).toBe("true");
    expect(sourceMapsAfterImport([], "--enable-source-maps")).toBe("true");
  });
});
