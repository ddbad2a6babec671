import { describe, expect, it } from "vitest";
import { addressIdentity, buyerIdentityKeys, isClaimableKey, normaliseAddressLine, normaliseEmailIdentity, normalisePostcode } from "./buyer-identity";

describe("normaliseEmailIdentity", () => {
  it("folds case everywhere", () => {
    expect(normaliseEmailIdentity("  Ash.Ketchum@Example.COM ")).toBe("ash.ketchum@example.com");
  });

  it("Gmail: dots and +tags reach the same mailbox, and googlemail is gmail", () => {
    for (const variant of ["ash.ketchum@gmail.com", "ashketchum+drop1@gmail.com", "A.S.H.Ketchum+x@googlemail.com", "ashketchum@GMAIL.com"]) {
      expect(normaliseEmailIdentity(variant)).toBe("ashketchum@gmail.com");
    }
  });

  it("Outlook, iCloud and Proton: +tags go, dots stay", () => {
    expect(normaliseEmailIdentity("misty.w+pokemon@outlook.com")).toBe("misty.w@outlook.com");
    expect(normaliseEmailIdentity("misty+1@icloud.com")).toBe("misty@icloud.com");
    expect(normaliseEmailIdentity("misty+2@proton.me")).toBe("misty@proton.me");
  });

  it("+tags go at every domain: regional and lesser-known providers, custom domains", () => {
    for (const [a, b] of [
      ["me+1@protonmail.ch", "me+2@protonmail.ch"],
      ["me+1@outlook.fr", "me@outlook.fr"],
      ["me+drop@hotmail.de", "me+other@hotmail.de"],
      ["me+1@zohomail.eu", "me+2@zohomail.eu"],
      ["me+x@duck.com", "me@duck.com"],
      ["j.smith+a@nearmint.example", "j.smith+b@nearmint.example"],
    ]) {
      expect(normaliseEmailIdentity(a!)).toBe(normaliseEmailIdentity(b!));
    }
    expect(normaliseEmailIdentity("me+1@protonmail.ch")).toBe("me@protonmail.ch");
  });

  it("Yahoo: -tags go", () => {
    expect(normaliseEmailIdentity("brock-drops@yahoo.co.uk")).toBe("brock@yahoo.co.uk");
  });

  it("other domains keep dots and -tags (they are parts of many real addresses)", () => {
    expect(normaliseEmailIdentity("a.b-c@nearmint.example")).toBe("a.b-c@nearmint.example");
    expect(normaliseEmailIdentity("a.b@nearmint.example")).not.toBe(normaliseEmailIdentity("ab@nearmint.example"));
  });

  it("is null for what is not an address", () => {
    for (const bad of ["", "nobody", "@gmail.com", "x@", "x@localhost", "+tag@gmail.com", "+tag@nearmint.example"]) expect(normaliseEmailIdentity(bad)).toBeNull();
  });
});

describe("normalisePostcode", () => {
  it("reads UK postcodes however they are spaced or cased", () => {
    expect(normalisePostcode("sw1a 1aa")).toBe("SW1A1AA");
    expect(normalisePostcode(" LS1  1AA ")).toBe("LS11AA");
    expect(normalisePostcode("m11ae")).toBe("M11AE");
  });

  it("is null for anything else", () => {
    for (const bad of ["", "12345", "SW1A", "ZZZ 999"]) expect(normalisePostcode(bad)).toBeNull();
  });
});

describe("addresses", () => {
  it("folds a first line's punctuation, case, accents and street words", () => {
    expect(normaliseAddressLine("12, High Street")).toBe("12 high st");
    expect(normaliseAddressLine("12 high st.")).toBe("12 high st");
    expect(normaliseAddressLine("Apt 3, Café Road")).toBe("flat 3 cafe rd");
  });

  it("one key from postcode and first line; none without a valid postcode", () => {
    expect(addressIdentity({ postalCode: "ls1 1aa", line1: "1 Pallet Road" })).toBe("LS11AA|1 pallet rd");
    expect(addressIdentity({ postalCode: "LS1 1AA", line1: "1, PALLET RD" })).toBe("LS11AA|1 pallet rd");
    expect(addressIdentity({ postalCode: "nowhere", line1: "1 Pallet Road" })).toBeNull();
    expect(addressIdentity({ postalCode: "LS1 1AA", line1: " , " })).toBeNull();
  });
});

describe("buyerIdentityKeys", () => {
  it("gives every key a buyer is known by, so accounts sharing any one are one buyer", () => {
    const a = buyerIdentityKeys({ verifiedEmail: "ash.ketchum+1@gmail.com", address: { postalCode: "LS1 1AA", line1: "1 Pallet Road" }, card: { provider: "stripe", fingerprint: "fp_123" } });
    const b = buyerIdentityKeys({ verifiedEmail: "other@nearmint.example", address: { postalCode: "ls11aa", line1: "1 pallet rd" }, card: null });
    expect(a).toEqual(["email:ashketchum@gmail.com", "address:LS11AA|1 pallet rd", "card:stripe:fp_123"]);
    expect(a.filter((k) => b.includes(k))).toEqual(["address:LS11AA|1 pallet rd"]);
  });

  it("an unverified email, no address and no card give no keys", () => {
    expect(buyerIdentityKeys({ verifiedEmail: null, address: null, card: null })).toEqual([]);
  });
});

describe("isClaimableKey", () => {
  it("is true only for the typed delivery address: the email, the card and the account are proven", () => {
    const [email, address, card] = buyerIdentityKeys({
      verifiedEmail: "misty@example.com",
      address: { postalCode: "LS6 2QT", line1: "12 Acacia Avenue" },
      card: { provider: "stripe", fingerprint: "fp_123" },
    });
    expect([email, address, card].map((k) => isClaimableKey(k!))).toEqual([false, true, false]);
    expect(isClaimableKey("account:0b5e0a53-3f0e-4c39-9a0e-1c1f6f7f0a11")).toBe(false);
  });
});
