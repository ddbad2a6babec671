import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, jsonLdText, productJsonLd, schemaOrgPrice } from "./structured-data";

const SEALED = { condition: null, printing: null, language: null, grader: null, grade: null };

describe("structured data", () => {
  it("writes prices as plain decimals from pence", () => {
    expect(schemaOrgPrice(0)).toBe("0.00");
    expect(schemaOrgPrice(5)).toBe("0.05");
    expect(schemaOrgPrice(1299)).toBe("12.99");
    expect(schemaOrgPrice(189999)).toBe("1899.99");
  });

  it("describes a sealed product with one new-condition GBP offer and its availability", () => {
    const base = { name: "Box", slug: "box", description: null, imageUrl: "https://s/x.svg", url: "https://s/products/box" };
    const inStock = productJsonLd({ ...base, variants: [{ ...SEALED, price: 16499, stock: 3 }] });
    expect(inStock).toMatchObject({
      "@type": "Product",
      name: "Box",
      sku: "box",
      image: ["https://s/x.svg"],
      offers: {
        "@type": "Offer",
        name: "Box",
        sku: "box",
        url: "https://s/products/box",
        price: "164.99",
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    });
    expect(inStock).not.toHaveProperty("description");
    expect(productJsonLd({ ...base, variants: [{ ...SEALED, price: 16499, stock: 0 }] }).offers).toMatchObject({
      "@type": "Offer",
      availability: "https://schema.org/OutOfStock",
    });
  });

  it("gives a single one offer per variant, each with its price, availability, condition, name, sku and URL", () => {
    const data = productJsonLd({
      name: "Charizard",
      slug: "charizard-base1-4",
      description: "Base Set 4/102",
      imageUrl: null,
      url: "https://s/products/charizard-base1-4",
      variants: [
        { ...SEALED, condition: "nm", printing: "holo", language: "en", price: 30000, stock: 0 },
        { ...SEALED, condition: "lp", printing: "holo", language: "en", price: 20000, stock: 2 },
        { ...SEALED, condition: "dmg", printing: "holo", language: "en", price: 5000, stock: 1 },
        { ...SEALED, grader: "psa", grade: "9.5", price: 125000, stock: 1 },
      ],
    });
    expect(data).not.toHaveProperty("image");
    expect(data.offers).toMatchObject({
      "@type": "AggregateOffer",
      priceCurrency: "GBP",
      lowPrice: "50.00",
      highPrice: "1250.00",
      offerCount: 4,
      availability: "https://schema.org/InStock",
    });
    const offers = (data.offers as { offers: Array<Record<string, string>> }).offers;
    expect(offers.map((o) => o.name)).toEqual([
      "Charizard – Near Mint · Holo · English",
      "Charizard – Lightly Played · Holo · English",
      "Charizard – Damaged · Holo · English",
      "Charizard – PSA 9.5",
    ]);
    expect(offers.map((o) => o.sku)).toEqual([
      "charizard-base1-4-nm-holo-en",
      "charizard-base1-4-lp-holo-en",
      "charizard-base1-4-dmg-holo-en",
      "charizard-base1-4-psa-9.5",
    ]);
    expect(new Set(offers.map((o) => o.sku)).size).toBe(4);
    expect(offers.map((o) => o.itemCondition)).toEqual([
      "https://schema.org/UsedCondition",
      "https://schema.org/UsedCondition",
      "https://schema.org/DamagedCondition",
      "https://schema.org/UsedCondition",
    ]);
    expect(offers.map((o) => o.availability)).toEqual([
      "https://schema.org/OutOfStock",
      "https://schema.org/InStock",
      "https://schema.org/InStock",
      "https://schema.org/InStock",
    ]);
    expect(offers.map((o) => o.price)).toEqual(["300.00", "200.00", "50.00", "1250.00"]);
    expect(offers[1]!.url).toBe("https://s/products/charizard-base1-4?condition=lp&printing=holo&language=en");
    expect(offers[3]!.url).toBe("https://s/products/charizard-base1-4?grader=psa&grade=9.5");
  });

  it("says a single with every variant sold out is out of stock, and a single with one variant has a plain offer", () => {
    const base = { name: "Mew", slug: "mew", description: null, imageUrl: null, url: "https://s/products/mew" };
    const soldOut = productJsonLd({
      ...base,
      variants: [
        { ...SEALED, condition: "nm", price: 100, stock: 0 },
        { ...SEALED, condition: "lp", price: 80, stock: 0 },
      ],
    });
    expect(soldOut.offers).toMatchObject({ "@type": "AggregateOffer", availability: "https://schema.org/OutOfStock", lowPrice: "0.80", highPrice: "1.00" });
    const one = productJsonLd({ ...base, variants: [{ ...SEALED, condition: "mp", price: 100, stock: 1 }] });
    expect(one.offers).toMatchObject({ "@type": "Offer", name: "Mew – Moderately Played", sku: "mew-mp", url: "https://s/products/mew?condition=mp", itemCondition: "https://schema.org/UsedCondition" });
    expect(productJsonLd({ ...base, variants: [] })).not.toHaveProperty("offers");
  });

  it("offers a variant on pre-order with allocation left as PreOrder (issue 16), sold out as OutOfStock", () => {
    const base = { name: "Box", slug: "box", description: null, imageUrl: null, url: "https://s/products/box" };
    expect(productJsonLd({ ...base, variants: [{ ...SEALED, price: 5000, stock: 4, preorder: true }] }).offers).toMatchObject({ availability: "https://schema.org/PreOrder" });
    expect(productJsonLd({ ...base, variants: [{ ...SEALED, price: 5000, stock: 0, preorder: true }] }).offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
    const two = [
      { ...SEALED, condition: "nm", price: 5000, stock: 2, preorder: true },
      { ...SEALED, condition: "lp", price: 4000, stock: 0 },
    ];
    expect(productJsonLd({ ...base, variants: two }).offers).toMatchObject({ "@type": "AggregateOffer", availability: "https://schema.org/PreOrder" });
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
