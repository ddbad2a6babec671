import { describe, expect, it } from "vitest";
import { COMPANY_TYPES } from "~/db/schema/wholesale";
import {
  COMPANY_TYPE_OPTIONS,
  COMPANY_TYPE_VALUES,
  formValues,
  parseWholesaleApplication,
  WHOLESALE_LIMITS,
  WHOLESALE_MESSAGES,
  type WholesaleFormValues,
} from "./application-schema";

const valid: WholesaleFormValues = {
  email: "  Buyer@Example.co.uk ",
  contact_name: "Sam Buyer",
  platform_username: "discord: sambuyer\r\nebay: sam_cards",
  contact_number: "+44 (0)20 7946 0958",
  billing_address: "1 High Street\nLondon\nSW1A 1AA",
  delivery_address: "",
  company_type: "sole_trader",
  company_name: "Ignored Ltd",
  company_number: "nonsense",
  additional_info: "   ",
};

function errorsOf(values: WholesaleFormValues) {
  const result = parseWholesaleApplication(values);
  if (result.success) throw new Error("expected a failure");
  return result.fieldErrors;
}

describe("parseWholesaleApplication", () => {
  it("accepts a complete application and normalises it", () => {
    const result = parseWholesaleApplication(valid);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data).toEqual({
      email: "buyer@example.co.uk",
      contactName: "Sam Buyer",
      platformUsername: "discord: sambuyer\nebay: sam_cards",
      contactNumber: "+44 (0)20 7946 0958",
      billingAddress: "1 High Street\nLondon\nSW1A 1AA",
      deliveryAddress: null,
      companyType: "sole_trader",
      // Only limited companies keep company details, whatever else was typed.
      companyName: null,
      companyNumber: null,
      additionalInfo: null,
      subscribeNewsletter: false,
    });
  });

  it("reports every missing required field at once", () => {
    const errors = errorsOf({});
    expect(errors).toEqual({
      email: WHOLESALE_MESSAGES.emailRequired,
      contact_name: WHOLESALE_MESSAGES.contactNameRequired,
      platform_username: WHOLESALE_MESSAGES.platformUsernameRequired,
      contact_number: WHOLESALE_MESSAGES.contactNumberRequired,
      billing_address: WHOLESALE_MESSAGES.billingAddressRequired,
      company_type: WHOLESALE_MESSAGES.companyTypeRequired,
    });
  });

  it("treats whitespace as empty", () => {
    expect(errorsOf({ ...valid, contact_name: "   " }).contact_name).toBe(WHOLESALE_MESSAGES.contactNameRequired);
  });

  it.each(["not-an-email", "a@b", "a b@example.com", "@example.com"])("refuses the email %s", (email) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: WHOLESALE_MESSAGES.emailInvalid });
  });

  it.each(["call me", "12345", "0".repeat(16), "020 7946 0958 ext 4"])("refuses the contact number %s", (contact_number) => {
    expect(errorsOf({ ...valid, contact_number })).toEqual({ contact_number: WHOLESALE_MESSAGES.contactNumberInvalid });
  });

  it("refuses an unknown company type", () => {
    expect(errorsOf({ ...valid, company_type: "charity" })).toEqual({ company_type: WHOLESALE_MESSAGES.companyTypeRequired });
  });

  it("requires company name and number for a limited company, and only then", () => {
    expect(errorsOf({ ...valid, company_type: "limited_company", company_name: "", company_number: "" })).toEqual({
      company_name: WHOLESALE_MESSAGES.companyNameRequired,
      company_number: WHOLESALE_MESSAGES.companyNumberRequired,
    });
    // Checked even when other fields fail too, so all messages appear together.
    expect(errorsOf({ company_type: "limited_company" })).toMatchObject({
      email: WHOLESALE_MESSAGES.emailRequired,
      company_name: WHOLESALE_MESSAGES.companyNameRequired,
      company_number: WHOLESALE_MESSAGES.companyNumberRequired,
    });
  });

  it.each([
    ["01234567", "01234567"],
    ["sc123456", "SC123456"],
    [" SC 12 34 56 ", "SC123456"],
    ["R0123456", "R0123456"],
  ])("accepts the company number %j as %s", (input, stored) => {
    const result = parseWholesaleApplication({ ...valid, company_type: "limited_company", company_name: "Cards Ltd", company_number: input });
    expect(result.success && result.data.companyNumber).toBe(stored);
    expect(result.success && result.data.companyName).toBe("Cards Ltd");
  });

  it.each(["1234567", "123456789", "SC12345A", "S1234567X", "ABC12345"])("refuses the company number %s", (company_number) => {
    expect(errorsOf({ ...valid, company_type: "limited_company", company_name: "Cards Ltd", company_number })).toEqual({
      company_number: WHOLESALE_MESSAGES.companyNumberInvalid,
    });
  });

  it("enforces length limits with a message", () => {
    const errors = errorsOf({
      ...valid,
      contact_name: "x".repeat(WHOLESALE_LIMITS.contact_name + 1),
      additional_info: "x".repeat(WHOLESALE_LIMITS.additional_info + 1),
    });
    expect(errors.contact_name).toMatch(/under 101 characters/);
    expect(errors.additional_info).toMatch(/under 2001 characters/);
    expect(parseWholesaleApplication({ ...valid, contact_name: "x".repeat(WHOLESALE_LIMITS.contact_name) }).success).toBe(true);
  });

  it("counts a browser line break (CRLF) as one character, as maxLength does", () => {
    const lines = Array.from({ length: 10 }, () => "x".repeat(98)).join("\r\n"); // 980 + 9 = 989 characters
    expect(parseWholesaleApplication({ ...valid, platform_username: lines }).success).toBe(true);
  });

  it("stores the newsletter flag only when it is really posted", () => {
    const on = parseWholesaleApplication({ ...valid, subscribe_newsletter: "on" });
    expect(on.success && on.data.subscribeNewsletter).toBe(true);
    const junk = parseWholesaleApplication({ ...valid, subscribe_newsletter: "maybe" });
    expect(junk.success && junk.data.subscribeNewsletter).toBe(false);
  });
});

describe("formValues", () => {
  it("reads strings from FormData and ignores files and unknown fields", () => {
    const form = new FormData();
    form.set("email", "a@example.com");
    form.set("contact_name", new Blob(["x"]) as unknown as string);
    form.set("role", "admin");
    const values = formValues(form);
    expect(values.email).toBe("a@example.com");
    expect(values.contact_name).toBe("");
    expect(values).not.toHaveProperty("role");
  });
});

describe("company types", () => {
  it("match the database's allowed values", () => {
    expect([...COMPANY_TYPE_VALUES]).toEqual([...COMPANY_TYPES]);
    expect(COMPANY_TYPE_OPTIONS.map((o) => o.value)).toEqual([...COMPANY_TYPES]);
  });

  it("offer the labels from the spec", () => {
    expect(COMPANY_TYPE_OPTIONS.map((o) => o.label)).toEqual([
      "Sole Trader",
      "Limited Company",
      "Individual",
      "Other (specify below)",
    ]);
  });
});
