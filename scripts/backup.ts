// `npm run backup [-- --dir <folder>]`: one backup of the database (and the uploaded media) into
// BACKUP_DIR or ./backups. See docs/operations.md, "Backups".
import { parseArgs } from "node:util";
import { BackupError, backupDatabase, backupMedia, type WrittenFile } from "~/db/backup.server";
import { ConfigError, loadEnv } from "~/utils/env.server";
import { mediaDirectory } from "~/web/media.server";

const describe = (file: WrittenFile) => `${file.path} (${(file.bytes / 1024).toFixed(1)} KiB)`;

try {
  const { values } = parseArgs({ options: { dir: { type: "string" } } });
  const env = loadEnv();
  const directory = values.dir ?? process.env.BACKUP_DIR ?? "./backups";
  const now = new Date();
  const database = await backupDatabase(env, directory, now);
  console.log(`[backup] ${database.kind} database: ${describe(database)}`);
  const media = await backupMedia(mediaDirectory(env.DATA_DIR), directory, now);
  console.log(media ? `[backup] media: ${describe(media)}` : `[backup] media: none in ${mediaDirectory(env.DATA_DIR)}`);
} catch (error) {
  const known = error instanceof ConfigError || error instanceof BackupError;
  console.error(known ? `[backup] ${(error as Error).message}` : `[backup] failed: ${(error as Error).message}`);
  process.exit(1);
}
