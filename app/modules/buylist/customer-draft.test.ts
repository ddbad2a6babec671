import { describe, expect, it } from "vitest";
import { decodeDraft, draftHasRoomFor, encodeDraft, MAX_DRAFT_LINES, mergeDraft, parseListForm, type DraftLine } from "./customer-draft";
import { buylistSettingsSchema, DEFAULT_BUYLIST_SETTINGS } from "./settings";

const zard: DraftLine = { cardId: 4, printing: "holo", condition: "nm", quantity: 2 };

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe("the draft cookie", () => {
  it("round-trips", () => {
    const lines: DraftLine[] = [zard, { cardId: 58, printing: "reverse_holo", condition: "dmg", quantity: 100 }];
    expect(encodeDraft(lines)).toBe("4.h.nm.2_1m.r.dmg.2s");
    expect(decodeDraft(encodeDraft(lines))).toEqual(lines);
  });

  it("drops anything malformed and merges repeats", () => {
    expect(decodeDraft("4.h.nm.2_x!.h.nm.1_5.z.nm.1_6.h.mint.1_7.h.nm.0_8.h.nm.2t_9.h.nm.1.9_4.h.nm.3")).toEqual([{ ...zard, quantity: 5 }]);
    expect(decodeDraft(null)).toEqual([]);
    expect(decodeDraft("")).toEqual([]);
  });

  it("stays under 4 KB at its largest", () => {
    const lines = Array.from({ length: MAX_DRAFT_LINES }, (_, i) => ({ cardId: 2_000_000_000 + i, printing: "reverse_holo" as const, condition: "dmg" as const, quantity: 100 }));
    expect(encodeDraft(lines).length).toBeLessThan(4000);
  });
});

describe("mergeDraft", () => {
  it("adds copies to the same card, printing and condition, up to 100", () => {
    expect(mergeDraft([zard], [{ ...zard, quantity: 99 }])).toEqual([{ ...zard, quantity: 100 }]);
    expect(mergeDraft([zard], [{ ...zard, condition: "lp" }])).toHaveLength(2);
  });
});

describe("parseListForm", () => {
  const fields = { lines: "2", "line-0-card": "4", "line-0-printing": "holo", "line-0-condition": "nm", "line-0-quantity": "3", "line-1-card": "58", "line-1-printing": "normal", "line-1-condition": "lp", "line-1-quantity": "1" };

  it("reads the posted lines", () => {
    expect(parseListForm(form(fields))).toEqual({ ok: true, lines: [{ ...zard, quantity: 3 }, { cardId: 58, printing: "normal", condition: "lp", quantity: 1 }] });
  });

  it("leaves out the removed line", () => {
    expect(parseListForm(form({ ...fields, remove: "0" }))).toEqual({ ok: true, lines: [{ cardId: 58, printing: "normal", condition: "lp", quantity: 1 }] });
  });

  it("reports each bad line with what was typed", () => {
    const result = parseListForm(form({ ...fields, "line-0-quantity": "lots", "line-1-condition": "mint" }));
    expect(result).toMatchObject({ ok: false, errors: { 0: expect.stringContaining("1 to 100"), 1: expect.stringContaining("could not be read") } });
    if (!result.ok) expect(result.posted[0]!.quantity).toBe("lots");
  });
});

describe("the draft's cap", () => {
  const full = Array.from({ length: MAX_DRAFT_LINES }, (_, i): DraftLine => ({ cardId: i + 1, printing: "normal", condition: "nm", quantity: 1 }));
  it("has room for a new line below the cap, and for more copies of a line already on it at the cap", () => {
    expect(draftHasRoomFor(full.slice(1), zard)).toBe(true);
    expect(draftHasRoomFor(full, zard)).toBe(false);
    expect(draftHasRoomFor(full, { ...full[7]!, quantity: 3 })).toBe(true);
  });
  it("caps the settings' longest sell list at what the draft holds", () => {
    expect(buylistSettingsSchema.safeParse({ ...DEFAULT_BUYLIST_SETTINGS, maxLinesPerSubmission: MAX_DRAFT_LINES }).success).toBe(true);
    expect(buylistSettingsSchema.safeParse({ ...DEFAULT_BUYLIST_SETTINGS, maxLinesPerSubmission: MAX_DRAFT_LINES + 1 }).success).toBe(false);
  });
});
