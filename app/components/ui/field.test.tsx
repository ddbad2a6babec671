import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectField, TextField } from "./field";
import { FormError, FormNotice } from "./form-message";

/** The attributes (names lower-cased, as HTML reads them) of the first `tag` element in some markup. */
function attributesOf(html: string, tag: string): Record<string, string> {
  const element = html.match(new RegExp(`<${tag}\\b[^>]*>`))?.[0] ?? "";
  return Object.fromEntries([...element.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}

describe("TextField", () => {
  it("labels the input and says nothing more when there is no hint or error", () => {
    const html = renderToStaticMarkup(<TextField name="email" label="Email" type="email" autoComplete="email" />);
    expect(attributesOf(html, "label")).toMatchObject({ for: "field-email" });
    const input = attributesOf(html, "input");
    expect(input).toMatchObject({ id: "field-email", name: "email", type: "email", autocomplete: "email" });
    expect(input).not.toHaveProperty("aria-invalid");
    expect(input).not.toHaveProperty("aria-describedby");
  });

  it("ties the hint and the error to the input and marks it invalid", () => {
    const html = renderToStaticMarkup(<TextField name="password" label="Password" hint="At least 8" error="Too short" />);
    expect(attributesOf(html, "input")).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "field-password-hint field-password-error",
    });
    expect(html).toContain('<p id="field-password-hint" class="mt-1 text-xs text-slate-500">At least 8</p>');
    expect(html).toContain('<p id="field-password-error" class="mt-1 text-sm font-medium text-red-700">Too short</p>');
  });

  it("uses a given id for the label, hint and error alike", () => {
    const html = renderToStaticMarkup(<TextField name="" id="field-email" label="Email" hint="Email cannot be changed" readOnly />);
    expect(attributesOf(html, "label")).toMatchObject({ for: "field-email" });
    expect(attributesOf(html, "input")).toMatchObject({ id: "field-email", "aria-describedby": "field-email-hint" });
  });
});

describe("SelectField", () => {
  it("labels the select, keeps its options and ties its error to it", () => {
    const html = renderToStaticMarkup(
      <SelectField name="country" label="Country" error="Please choose a country from the list">
        <option value="">Select a country</option>
      </SelectField>,
    );
    expect(attributesOf(html, "label")).toMatchObject({ for: "field-country" });
    expect(attributesOf(html, "select")).toMatchObject({
      id: "field-country",
      name: "country",
      "aria-invalid": "true",
      "aria-describedby": "field-country-error",
    });
    expect(html).toContain('<option value="">Select a country</option>');
  });
});

describe("FormError and FormNotice", () => {
  it("announce a refusal at once and good news politely", () => {
    expect(attributesOf(renderToStaticMarkup(<FormError>No</FormError>), "div")).toMatchObject({ role: "alert" });
    expect(attributesOf(renderToStaticMarkup(<FormNotice>Yes</FormNotice>), "div")).toMatchObject({ role: "status" });
  });
});
