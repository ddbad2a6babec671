import { rmSync } from "node:fs";
import { startSmtpSink } from "../support/smtp-sink";
import { e2eMailDir, e2eSmtpPort } from "./mail";

/**
 * A real SMTP server for the browser tests: the shop (webServer, SMTP_URL in
 * playwright.config.ts) sends its outbox here and specs read the messages from
 * e2eMailDir(). Returns its own teardown.
 */
export default async function globalSetup() {
  const dir = e2eMailDir();
  rmSync(dir, { recursive: true, force: true });
  const sink = await startSmtpSink({ port: e2eSmtpPort(), dir });
  return async () => {
    await sink.close();
  };
}
