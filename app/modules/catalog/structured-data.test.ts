import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, jsonLdText, productJsonLd, schemaOrgPrice } from "./structured-data";

describe("structured data", () => {
  it("writes prices as plain decimals from pence", () => {
    expect(schemaOrgPrice(0)).toBe("0.00");
    expect(schemaOrgPrice(5)).toBe("0.05");
    expect(schemaOrgPrice(1299)).toBe("12.99");
    expect(schemaOrgPrice(189999)).toBe("1899.99");
  });

  it("describes a product with a GBP offer and its availability", () => {
    const base = { name: "Box", slug: "box", description: null, price: 16499, imageUrl: "https://s/x.svg", url: "https://s/products/box" };
    const inStock = productJsonLd({ ...base, stock: 3 });
    expect(inStock).toMatchObject({
      "@type": "Product",
      name: "Box",
      image: ["https://s/x.svg"],
      offers: { "@type": "Offer", price: "164.99", priceCurrency: "GBP", availability: "https://schema.org/InStock" },
    });
    expect(inStock).not.toHaveProperty("description");
    expect(productJsonLd({ ...base, stock: 0 }).offers.availability).toBe("https://schema.org/OutOfStock");
  });

  it("numbers breadcrumb items from 1", () => {
    const list = breadcrumbJsonLd([
      { name: "English", url: "https://s/language/english" },
      { name: "Box", url: "https://s/products/box" },
    ]);
    expect(list.itemListElement.map((i) => i.position)).toEqual([1, 2]);
  });

  it("cannot be broken out of its script element", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
