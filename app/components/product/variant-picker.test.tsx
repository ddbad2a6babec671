import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductCard } from "~/components/product-card";
import type { ProductVariant } from "~/modules/catalog/product-page";
import { variantGroups } from "~/modules/catalog/variant-groups";
import { VariantPicker } from "./variant-picker";

const base = { condition: null, printing: null, language: null, grader: null, grade: null, premiumPrice: null, limitPerCustomer: null };
const VARIANTS: ProductVariant[] = [
  { ...base, id: 1, condition: "nm", printing: "holo", language: "en", price: 30000, premiumPrice: 27000, stock: 0 },
  { ...base, id: 2, condition: "lp", printing: "holo", language: "en", price: 20000, stock: 2 },
  { ...base, id: 3, grader: "psa", grade: "10", price: 500000, stock: 1 },
];

function render(node: React.ReactNode, path = "/products/charizard") {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);
}

/** Each <a …>…</a> of the markup: its attributes and its text. */
function links(html: string) {
  return [...html.matchAll(/<a\b([^>]*)>(.*?)<\/a>/g)].map((m) => ({
    attrs: Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
    text: m[2]!.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim(),
  }));
}

describe("VariantPicker", () => {
  it("links every variant by its query, marks only the chosen one current, and labels its groups", () => {
    const html = render(<VariantPicker groups={variantGroups(VARIANTS)} chosenId={2} />, "/products/charizard?condition=lp&printing=holo&language=en");
    const found = links(html);
    expect(found.map((l) => l.attrs.href)).toEqual([
      "/products/charizard?condition=nm&amp;printing=holo&amp;language=en",
      "/products/charizard?condition=lp&amp;printing=holo&amp;language=en",
      "/products/charizard?grader=psa&amp;grade=10",
    ]);
    expect(found.map((l) => l.attrs["aria-current"] ?? null)).toEqual([null, "true", null]);
    expect(found[0]!.text).toBe("Near Mint Out of Stock £300.00 Pro £270.00");
    expect(found[1]!.text).toBe("Lightly Played Only 2 left £200.00");
    expect(found[2]!.text).toBe("PSA 10 Only 1 left £5,000.00");
    expect(html).toContain('role="group" aria-labelledby="variant-group-raw"');
    expect(html).toContain('id="variant-group-raw"');
    expect(html).toContain('role="group" aria-labelledby="variant-group-graded"');
    expect(html).toMatch(/id="variant-group-graded"[^>]*>Graded</);
  });
});

describe("ProductCard tile", () => {
  const card = { id: 1, slug: "charizard", name: "Charizard", imageUrl: null, limitPerCustomer: null, price: 20000, premiumPrice: 18000, stock: 3 };

  it('says "From" only for several variants at different prices', () => {
    const from = render(<ProductCard product={{ ...card, variantCount: 3, priceVaries: true }} />);
    expect(from).toMatch(/data-testid="tile-price"[^>]*><span[^>]*>From <\/span>£200.00</);
    expect(from).toContain("Pro £180.00");
    for (const variants of [
      { variantCount: 1, priceVaries: false },
      { variantCount: 3, priceVaries: false },
    ]) {
      const plain = render(<ProductCard product={{ ...card, ...variants }} />);
      expect(plain).toMatch(/data-testid="tile-price"[^>]*>£200.00</);
      expect(plain).not.toContain("From");
    }
  });

  it("names the product in an h3 by default and in an h2 when it sits straight under the page's h1", () => {
    const product = { ...card, variantCount: 1, priceVaries: false };
    expect(render(<ProductCard product={product} />)).toMatch(/<h3\b[^>]*><a [^>]*>Charizard<\/a><\/h3>/);
    const underH1 = render(<ProductCard product={product} headingLevel={2} />);
    expect(underH1).toMatch(/<h2\b[^>]*><a [^>]*>Charizard<\/a><\/h2>/);
    expect(underH1).not.toContain("<h3");
  });
});
