/** What the pre-order pages show (client-safe types; built by preorders.server.ts). */

/** One order line sold on pre-order, with its order's facts. */
export interface PreorderLine {
  orderItemId: number;
  orderId: number;
  userId: string;
  quantity: number;
  unitPrice: number;
  refundedUnits: number;
  orderStatus: string;
  paidAt: Date | null;
  email: string;
  shippingName: string | null;
  orderTotal: number;
  orderRefunded: number;
  orderLineCount: number;
}

export interface PreorderFigures {
  variantId: number;
  productId: number;
  productSlug: string;
  name: string;
  releaseDate: string | null;
  allocation: number;
  /** Units left to sell (the variant's stock). */
  stock: number;
  /** Units in orders placed on pre-order: awaiting payment, paid or dispatched. */
  ordered: number;
  paid: number;
  delivered: number;
  deliveredAt: Date | null;
  filled: number;
  short: number;
  refundedUnits: number;
  releasedAt: Date | null;
  shortfallSettled: boolean;
}

export interface PreorderDetail extends PreorderFigures {
  lines: (PreorderLine & { filled: number; short: number })[];
}

/** The product page's pre-order and alert facts. */
export interface ProductPreorderView {
  /** Variants on an open pre-order. */
  preorderVariantIds: number[];
  releaseDate: string | null;
  /** Signed-in: whether they wait for an alert; null for a guest. */
  alertWaiting: boolean | null;
  emailVerified: boolean;
}
