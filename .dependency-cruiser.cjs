// The layering of the shop, checked by dependency-cruiser in `npm run lint`
// (`depcruise app server scripts --config .dependency-cruiser.cjs`) and proven to bite by
// tests/architecture/layering.test.ts. Every rule is an error; each violation prints one line
// `error <rule>: <from> → <to>`.
//
//   app/config/      constants + shop identity            → config
//   app/utils/       pure helpers                         → config, utils
//   app/db/          schema, client, migrations           → config, utils, db
//   app/modules/<a>/ business rules (no React, no Request) → config, utils, db, modules
//   app/web/         request adapters, composition root   → config, utils, db, modules, web
//   app/demo/        demo catalogue + product art (seed)   → config, utils, db, modules, demo
//   app/components/  presentational React                 → config, utils, components, stores,
//                                                            non-.server files of modules and web
//   app/stores/      zustand client stores                → config, utils, stores,
//                                                            non-.server files of modules
//   app/routes/, app/root.tsx, app/entry.*, app/routes.ts → anything in app
//   server/, scripts/                                      → anything
//
// Type-only imports (`import type`) count like any other import, for the layers and for cycles,
// with one exception: `import type { loader } from "~/root"` (a hook typing the root loader's
// data) may close a cycle through app/root.tsx, and app/web may import app/root.tsx for types only.

/** Paths (relative to the repository root) as dependency-cruiser reports them. */
const APP = "^app/";
const SERVER_ONLY = "\\.server\\.[cm]?[jt]sx?$|(^|/)\\.server/";
const ROOT = "^app/root\\.tsx$";
/** React and React Router, resolved (node_modules/…) or not (a bare name). */
const REACT_PACKAGES = "(^|node_modules/)(react|react-dom|react-router|@react-router/[^/]+)(/|$)";

/** "Files under `from` may import, inside app/, only these folders." */
const layer = (name, from, allowed, comment) => ({
  name,
  comment,
  severity: "error",
  from: { path: `^app/${from}/` },
  to: { path: APP, pathNot: `^app/(${allowed.join("|")})/` },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // 1. Cycles.
    {
      name: "no-circular",
      comment: "Import cycles make load order fragile and layers meaningless; break the cycle.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { pathNot: ROOT } },
    },
    {
      name: "no-circular-via-root",
      comment:
        "A cycle through app/root.tsx is tolerated only when it is closed by a type-only import " +
        "(a hook typing the root loader's data); this one is made of value imports.",
      severity: "error",
      from: {},
      to: { circular: true, via: { path: ROOT }, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },

    // 2. Business rules: plain TypeScript below the web.
    layer(
      "modules-layer",
      "modules",
      ["config", "utils", "db", "modules"],
      "app/modules may import only app/config, app/utils, app/db and app/modules (no routes, " +
        "components, web, stores, demo, root).",
    ),
    {
      name: "modules-no-react",
      comment: "app/modules is plain TypeScript: no React, React DOM or React Router (types included).",
      severity: "error",
      from: { path: "^app/modules/" },
      to: { path: REACT_PACKAGES },
    },

    // 3. Payments is the bottom of the business rules.
    {
      name: "payments-self-contained",
      comment:
        "app/modules/payments knows no other module: the others register payment-event " +
        "handlers with it (wired in app/web).",
      severity: "error",
      from: { path: "^app/modules/payments/" },
      to: { path: "^app/modules/", pathNot: "^app/modules/payments/" },
    },

    // 4. The browser side.
    layer(
      "components-layer",
      "components",
      ["config", "utils", "components", "stores", "modules", "web"],
      "app/components may import only app/config, app/utils, app/components, app/stores and the " +
        "non-.server files of app/modules and app/web (no routes, db, demo, root).",
    ),
    layer(
      "stores-layer",
      "stores",
      ["config", "utils", "stores", "modules"],
      "app/stores may import only app/config, app/utils, app/stores and the non-.server files " +
        "of app/modules.",
    ),
    {
      name: "ui-no-server-code",
      comment: "app/components and app/stores are bundled for the browser: no *.server.ts imports.",
      severity: "error",
      from: { path: "^app/(components|stores)/" },
      to: { path: SERVER_ONLY },
    },

    // 5. The foundations.
    layer("config-layer", "config", ["config"], "app/config imports only app/config."),
    layer("utils-layer", "utils", ["config", "utils"], "app/utils imports only app/config and app/utils."),
    layer("db-layer", "db", ["config", "utils", "db"], "app/db imports only app/config, app/utils and app/db."),
    layer(
      "demo-layer",
      "demo",
      ["config", "utils", "db", "modules", "demo"],
      "app/demo imports only app/config, app/utils, app/db, app/modules and app/demo.",
    ),

    // 6. Request adapters.
    {
      ...layer(
        "web-layer",
        "web",
        ["config", "utils", "db", "modules", "web"],
        "app/web may import only app/config, app/utils, app/db, app/modules and app/web (no " +
          "routes, components, stores, demo).",
      ),
      // app/root.tsx is checked by the next rule: types only.
      to: { path: APP, pathNot: `^app/(config|utils|db|modules|web)/|${ROOT}` },
    },
    {
      name: "web-root-types-only",
      comment: "app/web may import app/root.tsx for its types only (`import type { loader }`).",
      severity: "error",
      from: { path: "^app/web/" },
      to: { path: ROOT, dependencyTypesNot: ["type-only"] },
    },

    // 7. Route modules are reached through app/routes.ts only. (The layers above already
    //    forbid app/routes to their folders; this covers everything else: root.tsx, routes
    //    themselves, load-context, server, scripts.) Unit tests may import them.
    {
      name: "no-importing-route-modules",
      comment: "Only app/routes.ts refers to app/routes/**; share code through modules, web or components.",
      severity: "error",
      from: {
        pathNot: [
          "^app/routes\\.ts$",
          "^app/(config|utils|db|modules|web|demo|components|stores)/",
          "\\.test\\.tsx?$",
        ],
      },
      to: { path: "^app/routes/", pathNot: "^app/routes/\\+types/" },
    },

    // An import that does not resolve escapes every rule above (its path is the raw specifier),
    // so it is an error too. React Router's generated `./+types/<route>` (under .react-router/,
    // found by TypeScript through rootDirs) is the one expected exception.
    {
      name: "not-to-unresolvable",
      comment: "This import does not resolve to a file, so the layering cannot be checked: fix the path.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["(^|/)\\+types/", "^virtual:"] },
    },

    // The app never reaches into the server, the scripts or the tests.
    {
      name: "app-not-into-server",
      comment: "app/ is imported by server/ and scripts/, never the other way round.",
      severity: "error",
      from: { path: APP },
      to: { path: "^(server|scripts|tests|bench)/" },
    },
  ],

  options: {
    doNotFollow: { path: "node_modules" },
    // (node_modules is not excluded: excluding drops the edges to it, e.g. modules → react.)
    exclude: { path: "^(build|build-[^/]*|\\.react-router|data)/|^app/db/migrations/" },
    // See `import type` (needed for the type-only rules and for cycles through types).
    tsPreCompilationDeps: true,
    // Resolves the `~/*` → `app/*` alias (the tsconfig.json of the directory depcruise runs in).
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
