import { describe, expect, it } from "vitest";
import { checkSandboxCard } from "./card";

describe("checkSandboxCard", () => {
  it.each(["4242 4242 4242 4242", "4242424242424242", " 4242-4242-4242-4242 "])("%s pays", (card) => {
    expect(checkSandboxCard(card)).toEqual({ ok: true, outcome: "pay", digits: "4242424242424242" });
  });

  it.each(["4000 0566 5566 5556", "5200 8282 8282 8210"])("Stripe's debit test card %s pays too, as itself", (card) => {
    expect(checkSandboxCard(card)).toEqual({ ok: true, outcome: "pay", digits: card.replaceAll(" ", "") });
  });

  it.each(["4000 0000 0000 0002", "4000000000000002"])("%s is declined", (card) => {
    expect(checkSandboxCard(card)).toEqual({ ok: true, outcome: "decline" });
  });

  it.each([
    ["", "Enter a card number."],
    ["   ", "Enter a card number."],
    ["4242 abcd", "Your card number should contain digits only."],
    ["4242", "Your card number is incorrect."],
    ["4242 4242 4242 4241", "Your card number is incorrect."],
    ["4".repeat(25), "Your card number is incorrect."],
  ])("%j → %s", (card, message) => {
    expect(checkSandboxCard(card)).toEqual({ ok: false, message });
  });

  it("names the test cards for any other valid number", () => {
    const result = checkSandboxCard("5555 5555 5555 4444");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/4242 4242 4242 4242.*4000 0000 0000 0002/);
  });
});
