import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inputsFingerprint, isBuildCurrent, recordBuild } from "./build-inputs.mjs";

const tree = mkdtempSync(path.join(tmpdir(), "prizepacks-build-inputs-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function put(file: string, content: string) {
  mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  writeFileSync(path.join(tree, file), content);
}

const fingerprint = () => inputsFingerprint(tree);

describe("the build's input fingerprint (npm start and npm run admin rebuild when it changes)", () => {
  put("package-lock.json", "{}");
  put("apps/web/server.ts", "export {};");
  put("packages/core/src/open.ts", "export const a = 1;");

  it("ignores what no build is made from: installs, outputs, generated code, tests", () => {
    const before = fingerprint();
    put("apps/web/node_modules/x/index.js", "x");
    put("apps/web/dist/server.js", "built");
    put("apps/web/.next/BUILD_ID", "id");
    put("packages/db/src/generated/prisma/client.ts", "generated");
    put("apps/web/tests/open.e2e.test.ts", "test");
    put("packages/core/src/open.test.ts", "test");
    expect(fingerprint()).toBe(before);
  });

  it("changes with a source's content, a source's name, and the lockfile", () => {
    const before = fingerprint();
    put("packages/core/src/open.ts", "export const a = 2;");
    const edited = fingerprint();
    expect(edited).not.toBe(before);
    renameSync(path.join(tree, "packages/core/src/open.ts"), path.join(tree, "packages/core/src/opening.ts"));
    const renamed = fingerprint();
    expect(renamed).not.toBe(edited);
    put("package-lock.json", '{"lockfileVersion":3}');
    expect(fingerprint()).not.toBe(renamed);
  });

  it("a build is current only with the same fingerprint and every output present", () => {
    const outDir = path.join(tree, "apps/web/dist");
    const output = path.join(outDir, "server.js");
    expect(isBuildCurrent(outDir, fingerprint(), [output])).toBe(false);
    recordBuild(outDir, fingerprint());
    expect(isBuildCurrent(outDir, fingerprint(), [output])).toBe(true);
    expect(isBuildCurrent(outDir, fingerprint(), [output, path.join(outDir, "prepare.js")])).toBe(false);
    put("apps/web/server.ts", "export const changed = true;");
    expect(isBuildCurrent(outDir, fingerprint(), [output])).toBe(false);
  });
});
