// `npm run admin:invite -- you@example.com`: prints a single-use link (24 hours) that the
// signed-in account with that email opens to verify it and so take the admin role, without
// an email having to arrive (decision 0011). The address must be listed in ADMIN_EMAILS.
// With the embedded database (no DATABASE_URL), run it while the shop is stopped: PGlite
// takes one process at a time.
import { connectDatabase } from "~/db/client.server";
import { createAdminInvite } from "~/modules/accounts/email-verification.server";
import { ConfigError, loadEnv } from "~/utils/env.server";

const email = process.argv[2]?.trim().toLowerCase();
if (!email || process.argv.length > 3) {
  console.error("Usage: npm run admin:invite -- you@example.com");
  process.exit(2);
}

try {
  const env = loadEnv();
  if (!env.adminEmails.has(email)) {
    console.error(`${email} is not listed in ADMIN_EMAILS: add it there first (the invite cannot make an admin ADMIN_EMAILS does not name).`);
    process.exit(1);
  }
  const database = await connectDatabase(env);
  await database.migrate();
  const invite = await createAdminInvite(database.db, { email }, { publicUrl: env.publicUrl, adminEmails: env.adminEmails });
  await database.close();
  console.log(`Admin invitation for ${email} (works once, until ${invite!.expiresAt.toISOString()}):`);
  console.log(invite!.link);
  console.log("Register or sign in as that email, then open the link and press the button.");
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `[admin:invite] failed: ${(error as Error).message}`);
  process.exit(1);
}
