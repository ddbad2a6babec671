/**
 * Business constants from the specification (§9). Money is always integer pence.
 * Anything a shop owner might tune without a deploy lives in the database or env instead.
 */

/** Flat shipping charged on every cart, labelled "Large Shipping" in the cart (spec §9). */
export const CART_SHIPPING_PENCE = 529;
export const CART_SHIPPING_LABEL = "Large Shipping";

/** Standard UK delivery as quoted by the delivery policy. Both figures stand (spec §9). */
export const POLICY_STANDARD_DELIVERY_PENCE = 499;

/**
 * The shop's clock: a UK shop, so its days are UK days (a sale at 00:30 BST on 1 June belongs to
 * 1 June) and the dates an admin types and reads are UK times (decision 0035).
 */
export const SHOP_TIME_ZONE = "Europe/London";

/** Quantity selector upper bound when a product has no per-customer limit. */
export const DEFAULT_MAX_QUANTITY = 99;

/** The cart warns about low stock below this many units. */
export const CART_LOW_STOCK_THRESHOLD = 10;
/** The product page shows "Only {n} left" at or below this many units. */
export const PRODUCT_LOW_STOCK_THRESHOLD = 5;

export const HOME_NEW_RELEASES_COUNT = 8;
export const PASSWORD_HINT_LENGTH = 8;

export const CONFETTI_DURATION_MS = 5000;
export const CONFETTI_INTERVAL_MS = 250;

export const HOME_BANNER_TEXT = "Expect delays in shipping up to a week due to packaging issues.";

/** Countries offered in the profile form (spec §5), in the order shown. */
export const PROFILE_COUNTRIES = [
  "United Kingdom",
  "United States",
  "Canada",
  "Australia",
  "France",
  "Germany",
  "Japan",
  "Spain",
] as const;

/** Cookies and browser storage the shop really uses; the /cookies page lists exactly these. */
export const SESSION_COOKIE = "nm_session";
export const GUEST_CART_COOKIE = "nm_guest_cart";
export const CART_STORAGE_KEY = "cart-storage";
export const GUEST_CART_ID_KEY = "guest_cart_id";

export const ROYAL_MAIL_TRACKING_URL = "https://www.royalmail.com/track-your-item#/tracking-results/";

/**
 * The highest price (pence) the shop puts on anything: £999,999.99. Prices are PostgreSQL
 * integers; rules and files that compute prices (repricing from the market, listing forms) stop
 * here rather than fail on the column's range.
 */
export const MAX_PRICE_PENCE = 99_999_999;
