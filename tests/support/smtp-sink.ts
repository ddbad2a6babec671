import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for tests: it accepts every message (optionally only with the given
 * credentials), decodes the plain-text body and keeps it in memory, and when `dir` is given
 * also writes each message there as JSON (the browser tests read those files).
 */
export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
  receivedAt: string;
  authenticatedAs: string | null;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedEmail[];
  close(): Promise<void>;
}

export async function startSmtpSink(options: { port?: number; dir?: string; auth?: { user: string; pass: string } } = {}): Promise<SmtpSink> {
  const messages: ReceivedEmail[] = [];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ["STARTTLS"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const email: ReceivedEmail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(header(raw, "subject") ?? ""),
          text: plainText(raw),
          raw,
          receivedAt: new Date().toISOString(),
          authenticatedAs: (session.user as string | undefined) ?? null,
        };
        messages.push(email);
        if (options.dir) {
          writeFileSync(join(options.dir, `${Date.now()}-${messages.length}.json`), JSON.stringify(email, null, 2));
        }
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Header block and body of one MIME entity. */
function split(entity: string): { headers: string; body: string } {
  const index = entity.search(/\r?\n\r?\n/);
  if (index < 0) return { headers: entity, body: "" };
  const separator = entity.slice(index).match(/^\r?\n\r?\n/)![0];
  return { headers: entity.slice(0, index), body: entity.slice(index + separator.length) };
}

function header(entity: string, name: string): string | null {
  const unfolded = split(entity).headers.replace(/\r?\n[ \t]+/g, " ");
  const match = unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, "im"));
  return match ? match[1]!.trim() : null;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= / =?UTF-8?Q?...?=), for non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=\s*/gi, (_m, _charset, kind: string, data: string) =>
    kind.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, "");
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === "=" ? bytes.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(bytes[i]!, "utf8"));
    }
  }
  return Buffer.from(out).toString("utf8");
}

function decodeBody(entity: string): string {
  const { body } = split(entity);
  const encoding = (header(entity, "content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The text/plain body of a message (the first one, in a multipart message). */
export function plainText(entity: string): string {
  const type = header(entity, "content-type") ?? "text/plain";
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = split(entity).body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith("--")) break;
      const text = plainText(part.replace(/^\r?\n/, ""));
      if (text) return text;
    }
    return "";
  }
  return /^text\/plain/i.test(type) ? decodeBody(entity).replace(/\r\n/g, "\n") : "";
}
