/**
 * The yardstick of `npm run bench:render-cost`: the bare React Router 7 app (bare-app/, built
 * by run.ts into BARE_BUILD_DIR) served the way React Router's own Express template serves a
 * build — Express 5, compression, the client build's static files, @react-router/express —
 * in one process, on BARE_PORT. Nothing of the shop: no database, logging, metrics or guards.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";

const buildDir = process.env.BARE_BUILD_DIR!;
const port = Number(process.env.BARE_PORT);
const build = (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(join(buildDir, "client"), { maxAge: "1h" }));
app.get("/healthz", (_req, res) => {
  res.send("ok");
});
app.use(createRequestHandler({ build, mode: "production" }));
app.listen(port, "127.0.0.1", () => console.log(`listening on ${port}`));
process.on("SIGTERM", () => process.exit(0));
