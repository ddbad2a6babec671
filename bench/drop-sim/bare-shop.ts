/**
 * The drop's floor: the least a shop could do for the drop simulation's three steps, on the
 * same machine, the same PostgreSQL and the same buyers' client (`npm run bench:drop-sim --
 * --bare`). Its cost per request is a floor for any shop's, so its throughput is a lower bound
 * on what the 2-core machine can do (the buyers' client shares the cores), and the shop's own
 * figures are read against it, as the hot-page bench reads the shop against a bare node:http
 * server.
 *
 * Not a shop: node:http and node-postgres, no framework, no logging, no CSRF check, no page,
 * no email, no order; one prepared statement per request, each still a real, durable
 * transaction against the shop's own `sessions` and `product_variants`:
 *
 * - `POST /cart.data` (the product page's add, as its fetcher sends it with JavaScript): the
 *   session, the committed stock and the upsert of the line in one statement (409 when the stock
 *   is gone, 200 otherwise).
 * - `POST /checkout`: the session, the cart line, the conditional stock decrement and the hold's
 *   insert in one statement (302 to the payment page, or back to the cart with
 *   `checkoutError=out_of_stock`).
 * - `POST /sandbox/checkout/:id`: marks the session's own unpaid hold paid (302 to the success
 *   page).
 *
 * Its own two tables (`bare_cart_lines`, `bare_holds`, one hold per buyer: a unique index, as a
 * shop's supersede rule would) keep the lines and holds; the bench checks them against the stock,
 * the limit and what the buyers saw (run.ts, `checkBareInvariants`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { SESSION_COOKIE } from "~/config/constants";
import { hashToken } from "~/modules/accounts/tokens.server";

const PORT = Number(process.env.PORT ?? 3161);
const LIMIT = Number(process.env.BARE_LIMIT);
if (!Number.isInteger(LIMIT) || LIMIT < 1) throw new Error("bare-shop: BARE_LIMIT (the product's purchase limit) must be set");
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
// A connection lost while idle (PostgreSQL stopping at the end of the run) must not end the process.
pool.on("error", (error) => console.error(`[bare-shop] idle connection: ${error.message}`));

await pool.query(`
  CREATE TABLE IF NOT EXISTS bare_cart_lines (user_id uuid NOT NULL, variant_id integer NOT NULL, quantity integer NOT NULL CHECK (quantity > 0), PRIMARY KEY (user_id, variant_id));
  CREATE TABLE IF NOT EXISTS bare_holds (id bigserial PRIMARY KEY, user_id uuid NOT NULL UNIQUE, variant_id integer NOT NULL, quantity integer NOT NULL CHECK (quantity > 0), paid boolean NOT NULL DEFAULT false);
`);

const cartAdd: pg.QueryConfig = {
  name: "bare_cart_add",
  text: `
    WITH s AS (SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_at > now()),
         v AS (SELECT id FROM product_variants WHERE id = $2 AND stock >= $3)
    INSERT INTO bare_cart_lines (user_id, variant_id, quantity)
    SELECT s.user_id, v.id, $3 FROM s, v WHERE $3 BETWEEN 1 AND $4
    ON CONFLICT (user_id, variant_id) DO UPDATE SET quantity = LEAST(bare_cart_lines.quantity + excluded.quantity, $4)
    RETURNING quantity`,
};

const checkout: pg.QueryConfig = {
  name: "bare_checkout",
  text: `
    WITH s AS (SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_at > now()),
         line AS (SELECT c.user_id, c.variant_id, c.quantity FROM bare_cart_lines c JOIN s USING (user_id)
                  WHERE NOT EXISTS (SELECT 1 FROM bare_holds h WHERE h.user_id = c.user_id)),
         taken AS (UPDATE product_variants v SET stock = v.stock - line.quantity FROM line
                   WHERE v.id = line.variant_id AND v.stock >= line.quantity RETURNING line.user_id, line.variant_id, line.quantity)
    INSERT INTO bare_holds (user_id, variant_id, quantity) SELECT user_id, variant_id, quantity FROM taken
    RETURNING id`,
};

const pay: pg.QueryConfig = {
  name: "bare_pay",
  text: `UPDATE bare_holds SET paid = true
         WHERE id = $1 AND NOT paid AND user_id = (SELECT user_id FROM sessions WHERE token_hash = $2 AND expires_at > now())
         RETURNING id`,
};

const SESSION_PATTERN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);
function sessionHash(req: IncomingMessage): string {
  return hashToken(SESSION_PATTERN.exec(req.headers.cookie ?? "")?.[1] ?? "");
}

/** A second hold of the same buyer (two checkouts at once): refused, its decrement rolled back. */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === "23505";
}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(new URLSearchParams(body)));
    req.on("error", reject);
  });
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { Location: location, "Content-Length": "0" }).end();
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? "/";
  // GET /cart is the bench's warm-up request and its probe's; the floor has no page to show.
  if (req.method === "GET" && (path === "/healthz" || path === "/cart")) {
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    return;
  }
  if (req.method !== "POST") return void res.writeHead(404).end();
  const form = await readForm(req);
  if (path === "/cart.data") {
    const quantity = Number(form.get("quantity"));
    const { rowCount } = await pool.query({ ...cartAdd, values: [sessionHash(req), Number(form.get("variantId")), quantity, LIMIT] });
    if (rowCount) res.writeHead(200, { "Content-Type": "text/plain" }).end("added");
    else res.writeHead(409, { "Content-Type": "text/plain" }).end("Sorry, this item is out of stock");
    return;
  }
  if (path === "/checkout") {
    const rows = await pool.query<{ id: string }>({ ...checkout, values: [sessionHash(req)] }).then(
      (result) => result.rows,
      (error: unknown) => (isUniqueViolation(error) ? [] : Promise.reject(error)),
    );
    redirect(res, rows[0] ? `/sandbox/checkout/${rows[0].id}` : "/cart?checkoutError=out_of_stock");
    return;
  }
  const paid = /^\/sandbox\/checkout\/(\d+)$/.exec(path);
  if (paid) {
    const { rowCount } = await pool.query({ ...pay, values: [paid[1], sessionHash(req)] });
    redirect(res, rowCount ? `/order/success?hold=${paid[1]}` : "/cart");
    return;
  }
  res.writeHead(404).end();
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    // Shown, and counted by the bench as a failed request: a floor that errors is no floor.
    console.error(`[bare-shop] ${req.method} ${req.url}: ${(error as Error).message}`);
    if (!res.headersSent) res.writeHead(503, { "Retry-After": "1" });
    res.end();
  });
});
server.listen(PORT, "127.0.0.1");
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => server.close(() => void pool.end().then(() => process.exit(0))));
}
