import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TrendLine } from "./trend-line";

const at = (day: number, cents: number | null) => ({ publishedAt: new Date(Date.UTC(2025, 10, day)), cents });

describe("TrendLine", () => {
  it("draws nothing for fewer than two known figures", () => {
    expect(renderToStaticMarkup(<TrendLine points={[at(1, 500)]} />)).toBe("");
    expect(renderToStaticMarkup(<TrendLine points={[at(1, 500), at(2, null), at(3, 0)]} />)).toBe("");
  });

  it("says in words what the line shows, skipping guides without a figure", () => {
    const html = renderToStaticMarkup(<TrendLine points={[at(1, 31_804), at(2, null), at(3, 34_127)]} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Market trend over 2 guides: up, from €318.04 to €341.27"');
    expect(html).toMatch(/points="0\.0,20\.0 72\.0,2\.0"/);
  });

  it("reads a fall and a flat line as such", () => {
    expect(renderToStaticMarkup(<TrendLine points={[at(1, 900), at(2, 800)]} />)).toContain("down, from €9.00 to €8.00");
    expect(renderToStaticMarkup(<TrendLine points={[at(1, 800), at(2, 800)]} />)).toContain("level, from €8.00 to €8.00");
  });
});
