/**
 * Backups of the shop's database (decision 0046): `pg_dump --format=custom` for PostgreSQL, a
 * gzipped tarball of the data directory (PGlite's `dumpDataDir`) for the embedded database, and a
 * tarball of the uploaded media beside them. `npm run backup` / `npm run restore` are thin
 * wrappers over this module, so the tests drive exactly what an operator runs.
 */
import { spawn } from "node:child_process";
import { closeSync, constants, existsSync, fchmodSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { open, readFile, rm, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { connectPglite, connectPostgres, type DatabaseHandle } from "./client.server";
import { orders, products } from "./schema";

/** A refusal or failure worth one clear line to the operator (no stack trace). */
export class BackupError extends Error {}

export type DatabaseKind = "postgres" | "pglite";

/** Where the shop's data lives: the same two settings the server reads. */
export interface DatabaseTarget {
  DATABASE_URL?: string;
  DATA_DIR: string;
}

export interface WrittenFile {
  path: string;
  bytes: number;
}

export interface RestoreSummary {
  kind: DatabaseKind;
  /** The embedded database that was replaced, moved here rather than deleted. */
  movedAside?: string;
  orders: number;
  products: number;
}

/** The URL with its password replaced, for messages: a backup log must never hold the password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "<unparseable DATABASE_URL>";
  }
}

/** 2026-11-24T12:47:17.123Z → 20261124T124717Z: sorts by time, safe in file names everywhere. */
export function backupTimestamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** The embedded database's folder, as connectPglite makes it. */
export function pgliteDirectory(dataDir: string): string {
  return resolve(dataDir, "pglite");
}

function hasPgliteDatabase(dataDir: string): boolean {
  return existsSync(join(pgliteDirectory(dataDir), "PG_VERSION"));
}

/**
 * PGlite is one process's database and takes no lock: a second process opening the folder while
 * the shop has it open would run a second PostgreSQL over the same files. An open PGlite leaves a
 * `postmaster.pid` (with a made-up pid, so liveness cannot be checked) that a clean close removes;
 * its presence means "the shop is running, or stopped without closing the database".
 */
function assertNotOpen(dataDir: string): void {
  const pidFile = join(pgliteDirectory(dataDir), "postmaster.pid");
  if (existsSync(pidFile)) {
    throw new BackupError(
      `The embedded database is in use (${pidFile} exists): stop the shop first. If nothing has it open (a crash left the file behind), delete that file and run again.`,
    );
  }
}

/**
 * libpq reads the password from PGPASSWORD, so it is not on pg_dump's command line (where `ps`
 * shows it to every user of the machine).
 */
function libpqArguments(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a PostgreSQL client tool; its stderr becomes the error message (with any password masked). */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv, secret?: string): Promise<void> {
  const mask = (text: string) => (secret ? text.split(secret).join("***") : text);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(tool, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${tool} was not found on PATH: install the PostgreSQL client tools (e.g. apt install postgresql-client), the same major version as the server or newer`
            : `${tool} could not start: ${error.message}`,
        ),
      );
    });
    child.on("close", (code) => {
      if (code === 0) resolvePromise();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${mask(stderr.trim()) || "no message"}`));
    });
  });
}

/**
 * A backup holds every table: password hashes, two-factor secrets, sessions, addresses. It is
 * for the shop's own account alone, whatever the umask: each file is created 0600 before
 * pg_dump, tar or we write into it (they keep an existing file's mode), so it is never readable
 * by others, not even while it is being written; a folder the backup creates is 0700. A folder
 * that already exists keeps the mode its owner gave it.
 */
function makePrivateDirectory(directory: string): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
}

/**
 * Creates `<path>.partial` empty and private (see makePrivateDirectory) and returns its path. A
 * left-over `.partial` (an interrupted run) is removed first and the new one made exclusively,
 * without following a link: in a folder others can write to, a planted file or symlink of that
 * name must not become the backup (or have the backup truncate and chmod what it points at).
 */
function createPrivatePartial(path: string): string {
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  const fd = openSync(partial, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW, 0o600);
  try {
    fchmodSync(fd, 0o600); // the umask may have taken bits from the mode asked for
  } finally {
    closeSync(fd);
  }
  return partial;
}

/** Writes to `<name>.partial` and renames at the end, so an interrupted backup never looks complete. */
async function finish(partial: string, path: string): Promise<WrittenFile> {
  renameSync(partial, path);
  return { path, bytes: statSync(path).size };
}

/** One backup file of the configured database in `directory`. */
export async function backupDatabase(target: DatabaseTarget, directory: string, now = new Date()): Promise<WrittenFile & { kind: DatabaseKind }> {
  makePrivateDirectory(directory);
  const stamp = backupTimestamp(now);
  if (target.DATABASE_URL) {
    const path = resolve(directory, `nearmint-postgres-${stamp}.dump`);
    const partial = createPrivatePartial(path);
    const { dbname, env } = libpqArguments(target.DATABASE_URL);
    try {
      await runTool("pg_dump", ["--format=custom", "--no-owner", `--file=${partial}`, `--dbname=${dbname}`], env, env.PGPASSWORD);
    } catch (error) {
      await rm(partial, { force: true });
      throw error instanceof BackupError ? new BackupError(`${error.message} (database ${redactUrl(target.DATABASE_URL)})`) : error;
    }
    return { kind: "postgres", ...(await finish(partial, path)) };
  }

  if (!hasPgliteDatabase(target.DATA_DIR)) {
    throw new BackupError(`There is no embedded database in ${pgliteDirectory(target.DATA_DIR)} (is DATA_DIR right, or did you mean to set DATABASE_URL?)`);
  }
  assertNotOpen(target.DATA_DIR);
  const path = resolve(directory, `nearmint-pglite-${stamp}.tar.gz`);
  const partial = createPrivatePartial(path);
  let client: PGlite | undefined;
  try {
    client = new PGlite(pgliteDirectory(target.DATA_DIR));
    await client.waitReady;
    // A checkpoint first, so the copied files are consistent on their own.
    await client.exec("CHECKPOINT");
    const archive = await client.dumpDataDir("gzip");
    await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client?.close();
  }
  return { kind: "pglite", ...(await finish(partial, path)) };
}

/**
 * A gzipped tarball of the uploaded media (product images, sell-list photos), or null when there
 * is nothing to back up. Uses the system `tar`: the files are already compressed images.
 */
export async function backupMedia(mediaDirectory: string, directory: string, now = new Date()): Promise<WrittenFile | null> {
  if (!existsSync(mediaDirectory) || readdirSync(mediaDirectory).length === 0) return null;
  makePrivateDirectory(directory);
  const path = resolve(directory, `nearmint-media-${backupTimestamp(now)}.tar.gz`);
  const partial = createPrivatePartial(path);
  try {
    await runTool("tar", ["-czf", partial, "-C", resolve(mediaDirectory, ".."), basename(resolve(mediaDirectory))], process.env);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return finish(partial, path);
}

/** What a backup file holds, from its first bytes rather than its name. */
async function detectKind(file: string): Promise<DatabaseKind | "unknown"> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.toString("latin1") === "PGDMP") return "postgres";
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite"; // gzip
    return "unknown";
  } finally {
    await handle.close();
  }
}

async function summarise(handle: DatabaseHandle): Promise<{ orders: number; products: number }> {
  return { orders: await handle.db.$count(orders), products: await handle.db.$count(products) };
}

/**
 * Replaces the configured database with a backup, then migrates it (the backup may be older than
 * the code). Refuses to replace existing data unless `yes`: PostgreSQL is overwritten in place;
 * an existing embedded database is moved aside (`pglite.before-restore-<time>`), never deleted.
 */
export async function restoreDatabase(
  target: DatabaseTarget,
  file: string,
  options: { yes?: boolean; now?: Date } = {},
): Promise<RestoreSummary> {
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new BackupError(`No backup file at ${path}`);
  const kind = await detectKind(path);
  if (kind === "unknown") throw new BackupError(`${path} is not a Nearmint backup (neither a pg_dump custom archive nor a gzipped tarball)`);
  const wanted: DatabaseKind = target.DATABASE_URL ? "postgres" : "pglite";
  if (kind !== wanted) {
    throw new BackupError(
      kind === "postgres"
        ? `${basename(path)} is a PostgreSQL backup (pg_dump), but no DATABASE_URL is set: restore it into PostgreSQL, or use pg_restore yourself`
        : `${basename(path)} is an embedded-database backup, but DATABASE_URL is set: unset it to restore into DATA_DIR`,
    );
  }

  if (target.DATABASE_URL) {
    const url = target.DATABASE_URL;
    if (!options.yes) {
      throw new BackupError(`Restoring replaces the data in ${redactUrl(url)}. Run again with --yes if that is what you want.`);
    }
    const { dbname, env } = libpqArguments(url);
    await runTool(
      "pg_restore",
      ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error", `--dbname=${dbname}`, path],
      env,
      env.PGPASSWORD,
    ).catch((error: unknown) => {
      throw error instanceof BackupError ? new BackupError(`${error.message} (database ${redactUrl(url)})`) : error;
    });
    const handle = connectPostgres(url, { poolMax: 2 });
    try {
      await handle.migrate();
      return { kind, ...(await summarise(handle)) };
    } finally {
      await handle.close();
    }
  }

  const directory = pgliteDirectory(target.DATA_DIR);
  let movedAside: string | undefined;
  if (hasPgliteDatabase(target.DATA_DIR)) {
    assertNotOpen(target.DATA_DIR);
    if (!options.yes) {
      throw new BackupError(
        `${directory} already holds a database. Run again with --yes to move it aside (it is kept, not deleted) and restore the backup.`,
      );
    }
    movedAside = `${directory}.before-restore-${backupTimestamp(options.now ?? new Date())}`;
    renameSync(directory, movedAside);
  } else if (existsSync(directory) && readdirSync(directory).length > 0) {
    throw new BackupError(`${directory} is not empty but holds no database; move its files away first`);
  }
  mkdirSync(directory, { recursive: true });
  const archive = new Blob([await readFile(path)]);
  const loader = new PGlite(directory, { loadDataDir: archive });
  await loader.waitReady;
  await loader.close();

  const handle = await connectPglite(target.DATA_DIR);
  try {
    await handle.migrate();
    return { kind, movedAside, ...(await summarise(handle)) };
  } finally {
    await handle.close();
  }
}
