import { describe, expect, it } from "vitest";
import { readSandboxCardForm, sandboxSessionIdSchema } from "./card-form";

function form(fields: Record<string, string | Blob>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("readSandboxCardForm", () => {
  it("passes the typed number on as it is (spaces and all)", () => {
    expect(readSandboxCardForm(form({ cardNumber: " 4242 4242 4242 4242 " }))).toEqual({ ok: true, cardNumber: " 4242 4242 4242 4242 " });
  });

  it("reads a missing field as an empty number", () => {
    expect(readSandboxCardForm(form({}))).toEqual({ ok: true, cardNumber: "" });
  });

  it("refuses a file or more than 40 characters", () => {
    const refused = { ok: false, message: "Your card number is incorrect." };
    expect(readSandboxCardForm(form({ cardNumber: new Blob(["4242"]) }))).toEqual(refused);
    expect(readSandboxCardForm(form({ cardNumber: "4".repeat(41) }))).toEqual(refused);
    expect(readSandboxCardForm(form({ cardNumber: "4".repeat(40) }))).toEqual({ ok: true, cardNumber: "4".repeat(40) });
  });
});

describe("sandboxSessionIdSchema", () => {
  it("matches the sandbox's checkout session ids only", () => {
    const ok = (id: unknown) => sandboxSessionIdSchema.safeParse(id).success;
    expect(ok(`cs_sbx_${"a1".repeat(12)}`)).toBe(true);
    expect(ok(`cs_sbx_${"a1".repeat(12)}x`)).toBe(false);
    expect(ok(`bps_sbx_${"a1".repeat(12)}`)).toBe(false);
    expect(ok("cs_test_123")).toBe(false);
    expect(ok(undefined)).toBe(false);
  });
});
