import { randomBytes } from "node:crypto";
import { TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  matchTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  openTotpSecret,
  sealTotpSecret,
  totpCodeAt,
  totpUri,
  TOTP_PERIOD_SECONDS,
} from "./totp.server";

const secret = newTotpSecret();
const now = new Date("2026-11-23T12:00:10Z");
const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() });
const at = (steps: number) => new Date(now.getTime() + steps * TOTP_PERIOD_SECONDS * 1000);

describe("TOTP code check", () => {
  it("accepts the current code and says which step it belongs to", () => {
    expect(matchTotpCode(secret, totpCodeAt(secret, now), { now })).toEqual({ step });
  });

  it("accepts the previous and the next step (±1), not two steps away", () => {
    expect(matchTotpCode(secret, totpCodeAt(secret, at(-1)), { now })).toEqual({ step: step - 1 });
    expect(matchTotpCode(secret, totpCodeAt(secret, at(1)), { now })).toEqual({ step: step + 1 });
    expect(matchTotpCode(secret, totpCodeAt(secret, at(-2)), { now })).toBeNull();
    expect(matchTotpCode(secret, totpCodeAt(secret, at(2)), { now })).toBeNull();
  });

  it("never accepts a code of a step already used, nor an older one, within its window", () => {
    const code = totpCodeAt(secret, now);
    expect(matchTotpCode(secret, code, { now, lastUsedStep: step })).toBeNull();
    expect(matchTotpCode(secret, code, { now: at(1), lastUsedStep: step })).toBeNull();
    expect(matchTotpCode(secret, totpCodeAt(secret, at(-1)), { now, lastUsedStep: step })).toBeNull();
    // The next step's code is still fine.
    expect(matchTotpCode(secret, totpCodeAt(secret, at(1)), { now: at(1), lastUsedStep: step })).toEqual({ step: step + 1 });
  });

  it("refuses another secret's code, wrong shapes, and ignores spaces", () => {
    const other = newTotpSecret();
    expect(matchTotpCode(secret, totpCodeAt(other, now), { now })).toBeNull();
    for (const junk of ["", "12345", "1234567", "abcdef", "12\u00003456", "١٢٣٤٥٦"]) expect(matchTotpCode(secret, junk, { now })).toBeNull();
    const code = totpCodeAt(secret, now);
    expect(matchTotpCode(secret, `${code.slice(0, 3)} ${code.slice(3)}`, { now })).toEqual({ step });
  });

  it("makes an otpauth URI apps understand", () => {
    const uri = totpUri(secret, { issuer: "Nearmint", account: "ash@example.test" });
    expect(uri).toMatch(/^otpauth:\/\/totp\/Nearmint:ash%40example\.test\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain("period=30");
    expect(uri).toContain("digits=6");
  });
});

describe("recovery codes", () => {
  it("makes ten distinct 80-bit codes that read back however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const typed = ` ${codes[0]!.toUpperCase().replace(/-/g, " ")} `;
    expect(normaliseRecoveryCode(typed)).toBe(codes[0]!.replace(/-/g, ""));
    expect(hashRecoveryCode(normaliseRecoveryCode(typed)!)).toBe(hashRecoveryCode(normaliseRecoveryCode(codes[0]!)!));
    expect(normaliseRecoveryCode("123456")).toBeNull();
  });
});

describe("secret at rest", () => {
  it("encrypts with the key (nothing of the secret shows) and opens only with the same key", () => {
    const key = randomBytes(32);
    const sealed = sealTotpSecret(secret, key);
    expect(sealed.startsWith("v1:")).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(openTotpSecret(sealed, key)).toBe(secret);
    expect(() => openTotpSecret(sealed, randomBytes(32))).toThrow(/TOTP_ENCRYPTION_KEY/);
    expect(() => openTotpSecret(sealed, null)).toThrow(/TOTP_ENCRYPTION_KEY/);
  });

  it("keeps it readable without a key (decision 0024)", () => {
    expect(openTotpSecret(sealTotpSecret(secret, null), null)).toBe(secret);
  });
});
