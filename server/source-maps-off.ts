/**
 * Imported first by server/main.ts, so that the packages it loads after (Stripe's among them)
 * never have their source maps read or applied in production: see source-maps.ts.
 */
import { keepSourceMaps } from "./source-maps";

if (!keepSourceMaps(process.argv.includes("--dev"), process.execArgv, process.env.NODE_OPTIONS)) process.setSourceMapsEnabled(false);
