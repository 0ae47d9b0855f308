// Copies Scalar's browser bundle into public/ so /docs works without any CDN.
import { copyFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const bundle = require.resolve("@scalar/api-reference/browser/standalone.js");
const target = path.join(import.meta.dirname, "..", "public", "vendor", "scalar");
mkdirSync(target, { recursive: true });
copyFileSync(bundle, path.join(target, "standalone.js"));
