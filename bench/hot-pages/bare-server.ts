/**
 * The yardstick of `npm run bench:hot-pages`: a bare node:http server answering every request
 * with the same gzipped page from memory (BARE_BODY_FILE, on BARE_PORT). What the shop's
 * cached pages are compared with: the most one Node process can serve that page at here.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const body = readFileSync(process.env.BARE_BODY_FILE!);
const port = Number(process.env.BARE_PORT);
createServer((_req, res) => {
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip", "Content-Length": body.length });
  res.end(body);
}).listen(port, "127.0.0.1", () => console.log(`[bare] listening on ${port}`));
process.on("SIGTERM", () => process.exit(0));
