import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { serverSecrets } from "~/db/schema";

/**
 * A secret the operator did not configure, made once and kept in `server_secrets`. The insert
 * is ON CONFLICT DO NOTHING and the value is read back, so two instances starting together
 * agree on one value. Cached per database handle: it never changes once written.
 */
const cache = new WeakMap<Db, Map<string, Promise<string>>>();

export function storedSecret(db: Db, name: string): Promise<string> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = loadOrCreate(db, name);
    // A failed read (database down at first use) is retried next time rather than cached.
    secret.catch(() => byName.delete(name));
    byName.set(name, secret);
  }
  return secret;
}

async function loadOrCreate(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row!.value;
}
