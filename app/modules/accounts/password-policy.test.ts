import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS } from "./common-passwords";
import { PASSWORD_IS_EMAIL, PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, passwordProblem } from "./password-policy";

describe("passwordProblem", () => {
  it("enforces the 8-character minimum, counting characters not bytes", () => {
    expect(passwordProblem("Xk3#vQ9")).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem("Xk3#vQ9z")).toBeNull();
    expect(passwordProblem("ééééé🃏🃏")).toBe(PASSWORD_TOO_SHORT); // 7 characters, many bytes
  });

  it("accepts long passphrases, 64 and 256+ characters", () => {
    expect(passwordProblem("correct horse battery staple ".repeat(3).slice(0, 64))).toBeNull();
    expect(passwordProblem("a quiet river of booster packs at dawn ".repeat(8))).toBeNull();
    expect(passwordProblem("x".repeat(1025))).toBe(PASSWORD_TOO_LONG);
  });

  it.each(["password", "Password1", "PASSWORD123!", "12345678", "qwertyuiop", "Pikachu123!", "123pokemon", "charizard2024", "iloveyou!!"])(
    "rejects the common password %s",
    (password) => {
      expect(passwordProblem(password)).toBe(PASSWORD_TOO_COMMON);
    },
  );

  it("rejects one character repeated", () => {
    expect(passwordProblem("zzzzzzzzzz")).toBe(PASSWORD_TOO_COMMON);
    expect(passwordProblem("abababab")).toBe(PASSWORD_TOO_COMMON);
  });

  it("rejects the email address or its local part", () => {
    expect(passwordProblem("ash.collector@example.com", { email: "Ash.Collector@example.com" })).toBe(PASSWORD_IS_EMAIL);
    expect(passwordProblem("ash.collector", { email: "ash.collector@example.com" })).toBe(PASSWORD_IS_EMAIL);
  });

  it("keeps the list lower-case so the check is case-insensitive", () => {
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
  });
});
