import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild } from "../support/http-app";

/**
 * SIGTERM (a deploy, a scale-down, `docker stop`): server/main.ts stops taking connections,
 * lets the requests in flight finish, closes the database and exits 0. Tested with a request
 * whose body is still arriving when the signal comes: it must get its whole answer, while a
 * new connection is already refused.
 */
const root = resolve(import.meta.dirname, "../..");
const port = 3168;

describe.runIf(hasBuild)("SIGTERM drains in-flight requests", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "nearmint-sigterm-"));
  let server: ChildProcess;
  let exited: Promise<number | null>;
  let output = "";

  beforeAll(async () => {
    server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: "", DATA_DIR: dataDir, DEMO_DATA: "0", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (d) => (output += d));
    server.stderr!.on("data", (d) => (output += d));
    exited = new Promise((done) => server.once("exit", (code) => done(code)));
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the server did not become healthy within 90 s:\n${output}`);
  }, 100_000);

  afterAll(() => {
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers the request in flight, refuses new connections, then exits 0", async () => {
    const body = "intent=clear&redirectTo=%2Fcart";
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((done) => socket.once("connect", () => done()));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    const closed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.write(
      `POST /cart HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300)); // the request is in the shop, waiting for its body

    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    const refused = await new Promise<string>((done) => {
      const late = connect(port, "127.0.0.1");
      late.once("connect", () => {
        late.destroy();
        done("connected");
      });
      late.once("error", (error: NodeJS.ErrnoException) => done(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
    expect(server.exitCode).toBeNull(); // still finishing the request in flight

    socket.end(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 302 /);
    expect(answer).toMatch(/\r\nLocation: \/cart\r\n/i);
    expect(await exited).toBe(0);
  }, 30_000);
});
