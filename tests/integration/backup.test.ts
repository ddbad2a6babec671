import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackupError, backupDatabase, backupMedia, pgliteDirectory, redactUrl, restoreDatabase } from "~/db/backup.server";
import { connectPglite, connectPostgres, type Db, type DatabaseHandle } from "~/db/client.server";
import { orderItems, orders } from "~/db/schema";
import { usingPostgresServer } from "../setup/database";
import { checkoutFixtures } from "../support/checkout-fixtures";
import { insertOrder } from "../support/orders";

/** Issue 16: a backup made by `npm run backup` restores, with `npm run restore`, to the same orders. */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const onServer = await usingPostgresServer();
const scratch = mkdtempSync(join(tmpdir(), "nearmint-backup-test-"));
const created: string[] = [];

afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  if (created.length === 0) return;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** Runs `make` with the process's umask set to `mask` (a common default: files readable by all). */
async function withUmask<T>(mask: number, make: () => Promise<T>): Promise<T> {
  const previous = process.umask(mask);
  try {
    return await make();
  } finally {
    process.umask(previous);
  }
}

/** The folder the backup made is 0700 and its file 0600: a backup holds password hashes and secrets. */
function expectPrivate(directory: string, file: string) {
  expect(statSync(directory).mode & 0o777).toBe(0o700);
  expect(statSync(file).mode & 0o777).toBe(0o600);
}

/** An empty PostgreSQL database on the test server (tests/setup/database.ts, but with its URL). */
async function emptyPostgresDatabase(): Promise<string> {
  const name = `nearmint_test_backup_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  created.push(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A customer's order of two lines, as the shop would hold it. */
async function placeOrder(db: Db) {
  const fx = checkoutFixtures(db);
  const customer = await fx.customer();
  const booster = await fx.product({ name: "Booster box", price: 12_999 });
  const order = await insertOrder(db, {
    userId: customer.id,
    status: "completed",
    email: "misty@example.test",
    items: [
      { variantId: booster.variantId, productName: "Booster box", quantity: 2, unitPrice: 12_999 },
      { productName: "Sleeves", quantity: 1, unitPrice: 499 },
    ],
  });
  return order.id;
}

async function expectOrder(handle: DatabaseHandle, orderId: number) {
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  expect(order).toMatchObject({ email: "misty@example.test", status: "completed", subtotalAmount: 1000, shippingAmount: 529, totalAmount: 1529 });
  const lines = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  expect(lines.map((line) => [line.productName, line.quantity, line.unitPrice])).toEqual([
    ["Booster box", 2, 12_999],
    ["Sleeves", 1, 499],
  ]);
}

describe.runIf(onServer)("PostgreSQL: pg_dump and pg_restore", () => {
  let sourceUrl: string;
  let orderId: number;
  let backupFile: string;

  beforeAll(async () => {
    sourceUrl = await emptyPostgresDatabase();
    const source = connectPostgres(sourceUrl, { poolMax: 2 });
    await source.migrate();
    orderId = await placeOrder(source.db);
    await source.close();
  });

  it("backs up to one custom-format file named by kind and time, readable by the shop's account alone", async () => {
    const written = await withUmask(0o022, () =>
      backupDatabase({ DATABASE_URL: sourceUrl, DATA_DIR: scratch }, join(scratch, "pg"), new Date("2026-11-24T12:00:00Z")),
    );
    expect(written.kind).toBe("postgres");
    expect(written.path).toMatch(/nearmint-postgres-20261124T120000Z\.dump$/);
    expect(written.bytes).toBeGreaterThan(1000);
    expectPrivate(join(scratch, "pg"), written.path);
    backupFile = written.path;
  });

  it("refuses to replace a database without --yes, then restores into a fresh one and finds the order", async () => {
    const targetUrl = await emptyPostgresDatabase();
    const target = { DATABASE_URL: targetUrl, DATA_DIR: scratch };
    await expect(restoreDatabase(target, backupFile)).rejects.toThrow(/--yes/);

    const summary = await restoreDatabase(target, backupFile, { yes: true });
    expect(summary).toMatchObject({ kind: "postgres", orders: 1, products: 1 });
    const restored = connectPostgres(targetUrl, { poolMax: 2 });
    try {
      await expectOrder(restored, orderId);
    } finally {
      await restored.close();
    }
  });

  it("refuses a PostgreSQL backup when the shop is set up for the embedded database", async () => {
    await expect(restoreDatabase({ DATA_DIR: join(scratch, "elsewhere") }, backupFile)).rejects.toThrow(/PostgreSQL backup/);
  });

  it("never shows the password in its messages", async () => {
    expect(redactUrl("postgres://shop:hunter2@db.example:5432/shop")).toBe("postgres://shop:***@db.example:5432/shop");
    const url = new URL(ADMIN_URL);
    url.password = "hunter2";
    url.pathname = "/nearmint_no_such_database";
    const failure = await backupDatabase({ DATABASE_URL: url.toString(), DATA_DIR: scratch }, join(scratch, "pg")).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BackupError);
    expect((failure as Error).message).toMatch(/nearmint_no_such_database/);
    expect((failure as Error).message).not.toContain("hunter2");
  });
});

describe("embedded PGlite: dumpDataDir and loadDataDir", () => {
  const dataDir = join(scratch, "data");
  let orderId: number;
  let backupFile: string;

  beforeAll(async () => {
    const source = await connectPglite(dataDir);
    await source.migrate();
    orderId = await placeOrder(source.db);
    await source.close();
  });

  it("refuses to back up while the shop has the database open", async () => {
    const running = await connectPglite(dataDir);
    try {
      await expect(backupDatabase({ DATA_DIR: dataDir }, join(scratch, "lite"))).rejects.toThrow(/stop the shop/);
    } finally {
      await running.close();
    }
  });

  it("backs up the data directory as a gzipped tarball, readable by the shop's account alone", async () => {
    // A .partial left by an interrupted run, readable by all: the backup must not inherit its mode.
    const stamp = new Date("2026-11-24T12:00:00Z");
    mkdirSync(join(scratch, "lite"), { recursive: true });
    writeFileSync(join(scratch, "lite", "nearmint-pglite-20261124T120000Z.tar.gz.partial"), "left over", { mode: 0o644 });
    const written = await withUmask(0o022, () => backupDatabase({ DATA_DIR: dataDir }, join(scratch, "lite"), stamp));
    expect(written.kind).toBe("pglite");
    expect(written.path).toMatch(/nearmint-pglite-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(statSync(written.path).mode & 0o777).toBe(0o600);
    backupFile = written.path;
  });

  it("replaces a symlink planted where its .partial goes, without touching what it points at", async () => {
    const out = join(scratch, "planted");
    mkdirSync(out, { recursive: true });
    const target = join(scratch, "not-the-backup.txt");
    writeFileSync(target, "keep me", { mode: 0o644 });
    symlinkSync(target, join(out, "nearmint-pglite-20261124T130000Z.tar.gz.partial"));
    const written = await backupDatabase({ DATA_DIR: dataDir }, out, new Date("2026-11-24T13:00:00Z"));
    expect(readFileSync(target, "utf8")).toBe("keep me");
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(lstatSync(written.path).isSymbolicLink()).toBe(false);
    expect(statSync(written.path).mode & 0o777).toBe(0o600);
  });

  it("restores into an empty data directory and finds the order", async () => {
    const freshDir = join(scratch, "fresh");
    const summary = await restoreDatabase({ DATA_DIR: freshDir }, backupFile);
    expect(summary).toMatchObject({ kind: "pglite", orders: 1, products: 1 });
    expect(summary.movedAside).toBeUndefined();
    const restored = await connectPglite(freshDir);
    try {
      await expectOrder(restored, orderId);
    } finally {
      await restored.close();
    }
  });

  it("refuses to restore over an existing database without --yes; with it, moves the old one aside", async () => {
    await expect(restoreDatabase({ DATA_DIR: dataDir }, backupFile)).rejects.toThrow(/already holds a database.*--yes/);
    const summary = await restoreDatabase({ DATA_DIR: dataDir }, backupFile, { yes: true, now: new Date("2026-11-24T12:00:00Z") });
    expect(summary.movedAside).toBe(`${pgliteDirectory(dataDir)}.before-restore-20261124T120000Z`);
    expect(existsSync(join(summary.movedAside!, "PG_VERSION"))).toBe(true);
    expect(summary.orders).toBe(1);
  });
});

describe("bad input", () => {
  it("names a missing backup file", async () => {
    await expect(restoreDatabase({ DATA_DIR: join(scratch, "none") }, join(scratch, "missing.tar.gz"))).rejects.toThrow(
      /No backup file at .*missing\.tar\.gz/,
    );
  });

  it("leaves no .partial behind when the embedded database cannot be read", async () => {
    const broken = join(scratch, "broken-data");
    mkdirSync(join(broken, "pglite"), { recursive: true });
    writeFileSync(join(broken, "pglite", "PG_VERSION"), "not a database\n");
    await expect(backupDatabase({ DATA_DIR: broken }, join(scratch, "broken-out"))).rejects.toThrow();
    expect(readdirSync(join(scratch, "broken-out"))).toEqual([]);
  });

  it("backs up no media when there is none", async () => {
    expect(await backupMedia(join(scratch, "no-media"), join(scratch, "media"))).toBeNull();
  });

  it("backs up media into a private file", async () => {
    mkdirSync(join(scratch, "some-media", "products"), { recursive: true });
    writeFileSync(join(scratch, "some-media", "products", "a.webp"), "image bytes");
    const written = (await withUmask(0o022, () => backupMedia(join(scratch, "some-media"), join(scratch, "media-out"))))!;
    expectPrivate(join(scratch, "media-out"), written.path);
  });
});
