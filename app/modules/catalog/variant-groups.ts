/**
 * The product page's variant picker as the loader sends it: the order variants are listed in, the
 * picker's groups with their labels, and each variant's full label. Built on the server so the
 * page's first load carries no condition, printing or grader labels (decision 0051); client-safe
 * all the same (pure functions), and unit-tested as such.
 */
import { compareVariants, variantLabel, variantQuery, type VariantAttributes } from "./variants";
import { hasPicker, type ProductDetail, type ProductVariant } from "./product-page";

/** Variants in the order a customer compares them; ties (which the unique attributes forbid) by id. */
export function sortVariants<V extends VariantAttributes & { id: number }>(variants: readonly V[]): V[] {
  return [...variants].sort((a, b) => compareVariants(a, b) || a.id - b.id);
}

export interface VariantOption<V extends ProductVariant = ProductVariant> {
  variant: V;
  /** What tells it from the others in its group: "Lightly Played", "PSA 10", "Near Mint · Holo". */
  label: string;
  /** The product page's query for it, without "?". */
  query: string;
}

export interface VariantGroup<V extends ProductVariant = ProductVariant> {
  key: "raw" | "graded";
  /** "Condition" or "Graded". */
  title: string;
  /** What every option of the group shares, shown once ("Holo · English"); null when nothing is. */
  shared: string | null;
  options: VariantOption<V>[];
}

const RAW_KEYS = ["condition", "printing", "language"] as const;
const NONE: VariantAttributes = { condition: null, printing: null, language: null, grader: null, grade: null };

/** Which of `keys` take more than one value among `variants`. */
function varyingKeys(variants: readonly VariantAttributes[], keys: readonly (keyof VariantAttributes)[]) {
  return new Set(keys.filter((key) => new Set(variants.map((v) => v[key])).size > 1));
}

/**
 * The picker's groups: raw copies (by condition, printing, language) and graded slabs. Each
 * option's label names only what differs within its group ("Near Mint", "Lightly Played"), and
 * what all share is said once ("Holo · English"), so a phone-width row stays short.
 */
export function variantGroups<V extends ProductVariant>(variants: readonly V[]): VariantGroup<V>[] {
  const raw = variants.filter((v) => v.grader === null);
  const graded = variants.filter((v) => v.grader !== null);
  const groups: VariantGroup<V>[] = [];
  if (raw.length > 0) {
    const varying = varyingKeys(raw, RAW_KEYS);
    const first = raw[0]!;
    const pick = (v: VariantAttributes, differing: boolean) => {
      const picked: VariantAttributes = { ...NONE };
      for (const key of RAW_KEYS) if (varying.has(key) === differing) picked[key] = v[key];
      return picked;
    };
    groups.push({
      key: "raw",
      title: "Condition",
      shared: varying.size === 0 ? null : variantLabel(pick(first, false)),
      options: raw.map((v) => ({
        variant: v,
        label: (varying.size === 0 ? variantLabel(v) : variantLabel(pick(v, true))) ?? "Standard",
        query: variantQuery(v),
      })),
    });
  }
  if (graded.length > 0) {
    // Slabs are told apart by grader and grade; printing or language only when they differ.
    const varying = varyingKeys(graded, ["printing", "language"]);
    const shared = variantLabel({ ...NONE, printing: varying.has("printing") ? null : graded[0]!.printing, language: varying.has("language") ? null : graded[0]!.language });
    groups.push({
      key: "graded",
      title: "Graded",
      shared,
      options: graded.map((v) => {
        const extra = variantLabel({ ...NONE, printing: varying.has("printing") ? v.printing : null, language: varying.has("language") ? v.language : null });
        const slab = variantLabel({ ...NONE, grader: v.grader, grade: v.grade });
        return { variant: v, label: [slab, extra].filter(Boolean).join(" · "), query: variantQuery(v) };
      }),
    });
  }
  return groups;
}

/** What the product page's picker shows: its groups, and each variant's label ("Lightly Played · Holo · English") by id. */
export interface VariantPickerView<V extends ProductVariant = ProductVariant> {
  groups: VariantGroup<V>[];
  labels: Record<number, string>;
}

/** The picker of a product page; null when the product has nothing to pick (sealed product: `hasPicker`). */
export function variantPickerView<V extends ProductVariant>(product: Pick<ProductDetail, "kind"> & { variants: V[] }): VariantPickerView<V> | null {
  if (!hasPicker(product)) return null;
  const labels: Record<number, string> = {};
  for (const v of product.variants) {
    const label = variantLabel(v);
    if (label !== null) labels[v.id] = label;
  }
  return { groups: variantGroups(product.variants), labels };
}
