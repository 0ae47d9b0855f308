// npm run lint:deps (a step of npm test): no import circle in packages/ and apps/, type imports
// counted, and inside core one direction only: kernel ← contract ← features ← server.
// Prisma's generated client is left out: it is generated code with circles of its own.
const core = "^packages/core/src/";
const tests = "\\.(test|db\\.test|e2e\\.test|redis\\.test)\\.tsx?$";

// kernel: errors, money, database access, the runtime basics (Deps, the change feed, background
// jobs, periodic, metrics), pagination, input parsing, the idempotency key, the service env.
const kernel = `${core}(errors|money|parse-input|idempotency-key|service-env|client-address-header)\\.ts$|${core}(runtime|pagination)/`;
// contract: the client-safe schemas and rules, one file per feature (src/contract/).
const contract = `${core}contract/`;
// server: the composition root (@prizepacks/core/server); admin/ and testing/ open Services too.
const server = `${core}(server|admin|testing)/`;
// features: every other folder of core, and the root barrel.
const features = `${core}`;

export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle (type imports count): split the shared part into a module both import.",
      from: {},
      to: { circular: true },
    },
    {
      name: "kernel-imports-only-kernel",
      severity: "error",
      comment: "The kernel is below everything in core: it may import only itself (and the zod messages every schema shares).",
      from: { path: kernel, pathNot: tests },
      to: { path: core, pathNot: [kernel, `${core}contract/input-messages\\.ts$`] },
    },
    {
      name: "contract-imports-kernel-and-contract",
      severity: "error",
      comment: "The contract is client-safe: it may import the kernel and itself, never a feature or the server.",
      from: { path: contract, pathNot: tests },
      to: { path: core, pathNot: [kernel, contract] },
    },
    {
      name: "features-never-import-the-server",
      severity: "error",
      comment: "Only the composition root knows every part: a feature asks for its own (Deps & { beacon: Beacon }).",
      from: { path: features, pathNot: [kernel, contract, server, tests] },
      to: { path: server },
    },
  ],
  options: {
    // `import type` counts: a circle of types still ties the files together.
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["node_modules", "^packages/db/src/generated/", "\\.next/", "/dist/"] },
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
