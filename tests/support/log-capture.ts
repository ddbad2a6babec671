import { Writable } from "node:stream";
import type { LevelWithSilent, Logger } from "pino";
import { createLogger, setProcessLog } from "~/utils/log.server";

export type LogLine = Record<string, unknown> & { level: number; msg: string };

/**
 * A logger made like the server's (app/utils/log.server.ts, same serializers) whose JSON lines
 * are kept in `lines` instead of printed: pass it to `startApp(db, env, { logger })`, or make it
 * the process logger for a while with `asProcessLog()`.
 */
export function captureLog(level: LevelWithSilent = "info") {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const logger: Logger = createLogger(level, sink);
  return {
    logger,
    lines,
    /** Makes this the process logger; the returned function puts the previous one back. */
    asProcessLog(): () => void {
      const previous = setProcessLog(logger);
      return () => void setProcessLog(previous);
    },
  };
}
