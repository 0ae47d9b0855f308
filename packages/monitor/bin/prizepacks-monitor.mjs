#!/usr/bin/env node
// The published build (npm run build -w prizepacks-monitor: dist/cli.mjs, @prizepacks/fairness bundled in).
await import("../dist/cli.mjs");
