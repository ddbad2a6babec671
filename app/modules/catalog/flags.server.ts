import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { FLAG_CODE_PATTERN } from "./taxonomy-form";

/** The flag-icons package's 4:3 flags, which server/app.ts serves under /flags. */
const FLAGS_4X3 = join(dirname(createRequire(import.meta.url).resolve("flag-icons/package.json")), "flags", "4x3");

/** Whether the shop can show this flag (a file of the flag-icons set; checked shape first, so no path tricks). */
export function flagExists(flagCode: string): boolean {
  return FLAG_CODE_PATTERN.test(flagCode) && existsSync(join(FLAGS_4X3, `${flagCode}.svg`));
}
