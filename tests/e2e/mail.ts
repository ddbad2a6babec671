import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReceivedEmail } from "../support/smtp-sink";

/**
 * Where the browser tests' SMTP sink listens and files what it receives. Both derive from
 * E2E_PORT, so two e2e runs on different ports never share a mailbox. The folder sits
 * outside test-results/, which every Playwright run wipes at its start.
 */
export function e2eSmtpPort(): number {
  return 20000 + Number(process.env.E2E_PORT ?? "3111");
}

export function e2eMailDir(): string {
  return join(tmpdir(), `nearmint-e2e-mail-${process.env.E2E_PORT ?? "3111"}`);
}

export function receivedEmails(): ReceivedEmail[] {
  const dir = e2eMailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as ReceivedEmail);
}

/** Waits for the outbox worker (every 5 s) to deliver a message to `to` that matches. */
export async function waitForEmail(to: string, match: (email: ReceivedEmail) => boolean = () => true, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = receivedEmails().find((e) => e.to.includes(to) && match(e));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no email to ${to} arrived at the test SMTP server within ${timeoutMs} ms`);
}
