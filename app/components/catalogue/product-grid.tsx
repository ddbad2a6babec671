import { ProductCard } from "~/components/product-card";
import type { ProductCard as ProductCardData } from "~/modules/catalog/product-card";

/**
 * A grid of product tiles. The first row loads eagerly (it is usually above the fold); the
 * rest lazy-load as the visitor scrolls. `headingLevel` is the tiles' heading level (see ProductCard).
 */
export function ProductGrid({
  products,
  eagerCount = 4,
  showStockCount = false,
  testId = "product-tile",
  headingLevel = 3,
}: {
  products: readonly ProductCardData[];
  eagerCount?: number;
  showStockCount?: boolean;
  testId?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product.id} data-testid={testId}>
          <ProductCard product={product} eager={index < eagerCount} showStockCount={showStockCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
