import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { IMAGE_UPLOAD_BODY_LIMIT } from "~/modules/catalog/product-images";
import { PHOTO_UPLOAD_BODY_LIMIT } from "~/modules/buylist/photos";
import { createUser } from "../support/accounts";
import { cookieFor } from "../support/shop-world";
import { hasBuild, startApp, type RunningApp } from "../support/http-app";

/**
 * The request guard (server/request-guard.ts) in the real createApp: bodies the actions cannot
 * read are refused with a short 4xx before React Router reads them, never a 500, and real form
 * posts (plain and React Router's .data requests) still work.
 */
let database: TestDatabase;
let app: RunningApp;

beforeAll(async () => {
  database = await createTestDatabase();
  if (hasBuild) app = await startApp(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

const WEBHOOK = "/api/stripe/webhook";
const PAGES = ["/cart", "/login", "/login.data", "/cart.data"];

interface Answer {
  status: number;
  body: string;
  contentType: string | undefined;
}

/**
 * One raw HTTP/1.1 request, so the test decides exactly which headers go out (fetch always adds
 * a Content-Length or chunks the body itself). A server may answer before the whole body is
 * sent and close: the answer is what counts, a reset while still writing is not a failure.
 */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean }): Promise<Answer> {
  const url = new URL(path, app.base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Origin: app.base, ...options.headers };
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    if (body && !options.chunked) headers["Content-Length"] = String(body.length);
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? "POST", headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, body: text, contentType: res.headers["content-type"] }));
        res.on("error", reject);
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    if (options.chunked) req.setHeader("Transfer-Encoding", "chunked");
    if (body) req.write(body);
    req.end();
  });
}

/** Exactly these bytes on the wire (Node's client would add "Content-Length: 0"); the answer's text. */
function rawRequest(raw: string): Promise<string> {
  const url = new URL(app.base);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = connect(Number(url.port), url.hostname, () => socket.write(raw));
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

function expectShortRefusal(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^text\/plain/);
  expect(answer.body.length).toBeLessThan(200);
  expect(answer.body).not.toMatch(/at .*\.(ts|js):\d+/);
}

const json = JSON.stringify({ email: "a@example.test", password: "x", intent: "clear" });
const twoMiB = Buffer.alloc(2 * 1024 * 1024, "a");

describe.runIf(hasBuild)("request guard on pages", () => {
  it.each(PAGES)("refuses a JSON body to %s with 415", async (path) => {
    expectShortRefusal(await send(path, { headers: { "Content-Type": "application/json" }, body: json }), 415);
  });

  it.each(PAGES)("refuses an empty body without a form type to %s with 415", async (path) => {
    expectShortRefusal(await send(path, { body: "" }), 415);
    expectShortRefusal(await send(path, { headers: { "Content-Type": "text/plain" }, body: "" }), 415);
  });

  it.each(PAGES)("refuses a POST with no body and no Content-Length to %s with 411", async (path) => {
    const head = await rawRequest(`POST ${path} HTTP/1.1\r\nHost: ${new URL(app.base).host}\r\nOrigin: ${app.base}\r\nConnection: close\r\n\r\n`);
    expect(head).toMatch(/^HTTP\/1\.1 411 /);
    expect(head).toMatch(/content-type: text\/plain/i);
  });

  it.each(PAGES)("refuses a chunked body of unknown length to %s with 411", async (path) => {
    const answer = await send(path, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=clear", chunked: true });
    expectShortRefusal(answer, 411);
  });

  it.each(PAGES)("refuses a 2 MiB form body to %s with 413, unread", async (path) => {
    const answer = await send(path, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: Buffer.concat([Buffer.from("email="), twoMiB]) });
    expectShortRefusal(answer, 413);
  });

  it("refuses multipart bodies (no page takes files), malformed or not, with 415", async () => {
    const malformed = await send("/login", { headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: "garbage" });
    expectShortRefusal(malformed, 415);
    const wellFormed = `--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.test\r\n--xyz--\r\n`;
    expectShortRefusal(await send("/login", { headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: wellFormed }), 415);
  });

  it("refuses multipart on admin pages next to the upload path, and on look-alikes of it, with 415", async () => {
    const wellFormed = `--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\nx\r\n--xyz--\r\n`;
    for (const path of ["/admin/products/1", "/admin/products", "/admin/products/abc/images", "/admin/products/1/images/other", "/admin/coupons/new", "/products/1/images"]) {
      const answer = await send(path, { headers: { "Content-Type": "multipart/form-data; boundary=xyz", Cookie: "nm_session=x" }, body: wellFormed });
      expect(answer.status, path).toBe(415);
    }
  });

  it("gives every page with an action a 4xx for a JSON body, never a 500", async () => {
    const paths = [
      "/",
      "/account",
      "/register",
      "/forgot-password",
      "/reset-password/abc",
      "/pro",
      "/checkout",
      "/wholesale",
      "/logout",
      "/admin/orders",
      "/admin/wholesale-applications",
      "/sandbox/checkout/cs_sbx_x",
      "/products/x",
      "/no/such/page",
    ];
    for (const path of paths) {
      const answer = await send(path, { headers: { "Content-Type": "application/json" }, body: "{}" });
      expect(answer.status, path).toBe(415);
    }
  });

  it("accepts a body just under the limit (and the action answers, not the guard)", async () => {
    const email = "a".repeat(1024 * 1024 - 100);
    const answer = await send("/login", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `email=${email}&password=x` });
    expect(answer.status).toBe(400);
  });
});

describe.runIf(hasBuild)("request guard on a product's images (the one upload path)", () => {
  const multipart = (size: number) => {
    const head = `--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    return Buffer.concat([Buffer.from(head), Buffer.alloc(size, 0xff), Buffer.from("\r\n--xyz--\r\n")]);
  };
  const headers = (cookie?: string) => ({ "Content-Type": "multipart/form-data; boundary=xyz", ...(cookie ? { Cookie: cookie } : {}) });
  let customerCookie: string;
  beforeAll(async () => {
    const user = await createUser(database.db, { verified: true });
    customerCookie = await cookieFor(database.db, user.id);
  });

  it.each(["/admin/products/1/images", "/admin/products/1/images.data", "/admin/products/1/images/upload"])(
    "lets a multipart body past the page limit through to %s, where the route decides (403 for a customer)",
    async (path) => {
      expect((await send(path, { headers: headers(customerCookie), body: multipart(3 * 1024 * 1024) })).status).toBe(403);
    },
  );

  it("refuses a multipart body over the cap with 413, unread", async () => {
    const answer = await send("/admin/products/1/images", { headers: headers(customerCookie), body: multipart(IMAGE_UPLOAD_BODY_LIMIT) });
    expectShortRefusal(answer, 413);
    expect(answer.body).toContain("61 MiB");
  });

  it("closes an upload's connection after the answer, so a refused, unread body cannot hold up the next request", async () => {
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const url = new URL(app.base);
    const once = (path: string, body?: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const h: Record<string, string> = { Origin: app.base, Cookie: customerCookie };
        if (body) Object.assign(h, headers(customerCookie), { "Content-Length": String(body.length) });
        const req = httpRequest({ host: url.hostname, port: url.port, path, method: body ? "POST" : "GET", headers: h, agent, timeout: 3000 }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("timeout", () => req.destroy(new Error(`${path}: no answer within 3 s`)));
        req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
        req.end(body);
      });
    try {
      expect(await once("/admin/products/1/images.data", multipart(2 * 1024 * 1024))).toBe(403);
      expect(await once("/terms")).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it.each(["/admin/products/1/images/upload", "/admin/products/import", "/ADMIN/Products/Import/", "/admin/products/import.data", "/admin/products/import/check"])(
    "gives a body without a session cookie only a page's limit on %s: a guest cannot make the server read megabytes",
    async (path) => {
      const bigForm = `a=${"x".repeat(2 * 1024 * 1024)}`;
      expectShortRefusal(await send(path, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: bigForm }), 413);
      expectShortRefusal(await send(path, { headers: headers(), body: multipart(2 * 1024 * 1024) }), 413);
      // Signed in (as a customer here), the CSV import's form posts may be larger; the route then says 403.
      if (path.toLowerCase().includes("import")) {
        expect((await send(path, { headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: customerCookie }, body: bigForm })).status).toBe(403);
      }
    },
  );

  it("refuses a multipart body without a session cookie with 401, before reading it", async () => {
    expectShortRefusal(await send("/admin/products/1/images/upload", { headers: headers(), body: multipart(10) }), 401);
  });

  it("takes the page's small form posts under the page limit, and refuses JSON and chunked bodies", async () => {
    const form = { "Content-Type": "application/x-www-form-urlencoded", Cookie: customerCookie };
    expect((await send("/admin/products/1/images", { headers: form, body: "intent=delete&imageId=1" })).status).toBe(403);
    expectShortRefusal(await send("/admin/products/1/images", { headers: form, body: Buffer.concat([Buffer.from("alt="), twoMiB]) }), 413);
    expectShortRefusal(await send("/admin/products/1/images", { headers: { ...form, "Content-Type": "application/json" }, body: "{}" }), 415);
    expectShortRefusal(await send("/admin/products/1/images", { headers: headers(customerCookie), body: multipart(10), chunked: true }), 411);
    expectShortRefusal(await send("/admin/products/1/images", { headers: form, body: "alt=a%00b&intent=alt&imageId=1" }), 400);
  });
});

describe.runIf(hasBuild)("request guard on the Stripe webhook", () => {
  it("lets raw JSON through to the signature check", async () => {
    const answer = await send(WEBHOOK, { headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": "t=1,v1=bad" }, body: json });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect([411, 413, 415]).not.toContain(answer.status);
  });

  it("answers an empty body with a 4xx, not a 500", async () => {
    const answer = await send(WEBHOOK, { body: "" });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it("refuses a body over 256 KiB with 413 and a chunked one with 411", async () => {
    const big = JSON.stringify({ id: "evt_x", padding: "a".repeat(300 * 1024) });
    expectShortRefusal(await send(WEBHOOK, { headers: { "Content-Type": "application/json" }, body: big }), 413);
    expectShortRefusal(await send(WEBHOOK, { headers: { "Content-Type": "application/json" }, body: twoMiB }), 413);
    expectShortRefusal(await send(WEBHOOK, { headers: { "Content-Type": "application/json" }, body: json, chunked: true }), 411);
  });
});

describe.runIf(hasBuild)("real form posts still work", () => {
  const form = { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" };

  it("a plain cart post redirects back; the same as a .data request answers as React Router's client expects", async () => {
    const plain = await send("/cart", { headers: form, body: "intent=clear&redirectTo=%2Fcart" });
    expect(plain.status).toBe(302);
    const data = await send("/cart.data", { headers: form, body: "intent=clear" });
    expect(data.status).toBe(200);
  });

  it("signs in with a form post, and refuses a wrong password with 401 (not a guard refusal)", async () => {
    const user = await createUser(database.db);
    const body = new URLSearchParams({ email: user.email, password: user.password }).toString();
    expect((await send("/login", { headers: form, body })).status).toBe(302);
    const wrong = new URLSearchParams({ email: user.email, password: "not-the-password" }).toString();
    expect((await send("/login.data", { headers: form, body: wrong })).status).toBe(401);
  });

  it("an empty form (a logout button) is a form post like any other", async () => {
    const answer = await send("/logout", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" });
    expect(answer.status).toBe(302);
  });

  it("leaves GET, HEAD and OPTIONS alone", async () => {
    expect((await send("/login", { method: "GET" })).status).toBe(200);
    expect((await send("/login", { method: "HEAD" })).status).toBe(200);
  });
});

describe.runIf(hasBuild)("request guard on a sell list's photo upload", () => {
  const multipart = (size: number) => {
    const head = `--xyz\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    return Buffer.concat([Buffer.from(head), Buffer.alloc(size, 0xff), Buffer.from("\r\n--xyz--\r\n")]);
  };
  const headers = (cookie?: string) => ({ "Content-Type": "multipart/form-data; boundary=xyz", ...(cookie ? { Cookie: cookie } : {}) });
  let customerCookie: string;
  beforeAll(async () => {
    const user = await createUser(database.db, { verified: true });
    customerCookie = await cookieFor(database.db, user.id);
  });

  it.each(["/account/sell-lists/1", "/account/sell-lists/1.data"])("lets a signed-in multipart body past the page limit through to %s, where the route decides (404: not theirs)", async (path) => {
    expect((await send(path, { headers: headers(customerCookie), body: multipart(3 * 1024 * 1024) })).status).toBe(404);
  });

  it("refuses a multipart body over the cap with 413, and one without a session with 401 (or a page's limit)", async () => {
    expectShortRefusal(await send("/account/sell-lists/1", { headers: headers(customerCookie), body: multipart(PHOTO_UPLOAD_BODY_LIMIT) }), 413);
    expectShortRefusal(await send("/account/sell-lists/1", { headers: headers(), body: multipart(10) }), 401);
    expectShortRefusal(await send("/account/sell-lists/1", { headers: headers(), body: multipart(2 * 1024 * 1024) }), 413);
  });

  it("takes multipart nowhere else under /account/sell-lists", async () => {
    expectShortRefusal(await send("/account/sell-lists/1/label", { headers: headers(customerCookie), body: multipart(10) }), 415);
    expectShortRefusal(await send("/sell-cards/list", { headers: headers(customerCookie), body: multipart(10) }), 415);
  });
});
