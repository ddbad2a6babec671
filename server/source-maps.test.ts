import { describe, expect, it } from "vitest";
import { keepSourceMaps } from "./source-maps";

describe("keepSourceMaps", () => {
  it("turns them off in production by default", () => {
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

  it("does not take a longer flag for it", () => {
    expect(keepSourceMaps(false, ["--enable-source-maps-extra"], "--no-enable-source-maps")).toBe(false);
  });
});
