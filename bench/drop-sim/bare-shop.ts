/**
 * The drop's floor: the least a shop could do for the drop simulation's three steps, on the
 * same machine, the same PostgreSQL and the same buyers' client (`npm run bench:drop-sim --
 * --bare`). It answers what the 2-core machine can do at most, so the shop's own figures can be
 * read against it, as the hot-page bench reads the shop against a bare node:http server.
 *
 * Not a shop: node:http and node-postgres, no framework, no logging, no CSRF check, no page,
 * no email, no order; one prepared statement per request, each still a real, durable
 * transaction against the shop's own `sessions` and `product_variants`:
 *
 * - `POST /cart`: the session, the committed stock and the upsert of the line in one statement
 *   (409 when the stock is gone, 302 otherwise).
 * - `POST /checkout`: the session, the cart line, the conditional stock decrement and the hold's
 *   insert in one statement (302 to the payment page, or back to the cart with
 *   `checkoutError=out_of_stock`).
 * - `POST /sandbox/checkout/:id`: marks the hold paid (302 to the success page).
 *
 * Its own two tables (`bare_cart_lines`, `bare_holds`) keep the lines and holds; the bench
 * checks stock + held = the starting stock and nobody above the limit from them.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";

const PORT = Number(process.env.PORT ?? 3161);
const LIMIT = Number(process.env.BARE_LIMIT ?? 2);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });

await pool.query(`
  CREATE TABLE IF NOT EXISTS bare_cart_lines (user_id uuid NOT NULL, variant_id integer NOT NULL, quantity integer NOT NULL, PRIMARY KEY (user_id, variant_id));
  CREATE TABLE IF NOT EXISTS bare_holds (id bigserial PRIMARY KEY, user_id uuid NOT NULL, variant_id integer NOT NULL, quantity integer NOT NULL, paid boolean NOT NULL DEFAULT false);
`);

const cartAdd: pg.QueryConfig = {
  name: "bare_cart_add",
  text: `
    WITH s AS (SELECT user_id FROM sessions WHERE token_hash = $1 AND expires_at > now()),
         v AS (SELECT id FROM product_variants WHERE id = $2 AND stock >= $3)
    INSERT INTO bare_cart_lines (user_id, variant_id, quantity)
    SELECT s.user_id, v.id, $3 FROM s, v WHERE $3 <= $4
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

const pay: pg.QueryConfig = { name: "bare_pay", text: "UPDATE bare_holds SET paid = true WHERE id = $1 RETURNING id" };

function sessionHash(req: IncomingMessage): string {
  const token = /(?:^|;\s*)nm_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1] ?? "";
  return createHash("sha256").update(token).digest("hex");
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
  if (req.method === "GET" && (path === "/healthz" || path === "/cart")) {
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    return;
  }
  if (req.method !== "POST") return void res.writeHead(404).end();
  const form = await readForm(req);
  if (path === "/cart") {
    const quantity = Number(form.get("quantity"));
    const { rowCount } = await pool.query({ ...cartAdd, values: [sessionHash(req), Number(form.get("variantId")), quantity, LIMIT] });
    if (rowCount) redirect(res, "/cart");
    else res.writeHead(409, { "Content-Type": "text/plain" }).end("Sorry, this item is out of stock");
    return;
  }
  if (path === "/checkout") {
    const { rows } = await pool.query<{ id: string }>({ ...checkout, values: [sessionHash(req)] });
    redirect(res, rows[0] ? `/sandbox/checkout/${rows[0].id}` : "/cart?checkoutError=out_of_stock");
    return;
  }
  const paid = /^\/sandbox\/checkout\/(\d+)$/.exec(path);
  if (paid) {
    const { rowCount } = await pool.query({ ...pay, values: [paid[1]] });
    redirect(res, rowCount ? `/order/success?hold=${paid[1]}` : "/cart");
    return;
  }
  res.writeHead(404).end();
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => {
    if (!res.headersSent) res.writeHead(503, { "Retry-After": "1" });
    res.end();
  });
});
server.keepAliveTimeout = 65_000;
server.listen(PORT, "127.0.0.1");
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => server.close(() => void pool.end().then(() => process.exit(0))));
}
