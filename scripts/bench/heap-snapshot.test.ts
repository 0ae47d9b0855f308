import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { summarizeSnapshot } from "./heap-snapshot.ts";

// A real snapshot of a small Node process that holds one known large structure: 20,000 objects
// of a class of its own (about 1.5 MiB) behind one field of a global object.
const folder = mkdtempSync(path.join(tmpdir(), "heap-snapshot-test-"));
const file = path.join(folder, "held.heapsnapshot");
const holder = `
  class HeldItem { constructor(i) { this.index = i; this.label = "item " + i; } }
  globalThis.holder = { heldItems: Array.from({ length: 20000 }, (_, i) => new HeldItem(i)) };
  require("node:v8").writeHeapSnapshot(${JSON.stringify(file)});
`;

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("summarizeSnapshot", () => {
  it("lists what a known field retains and the kind of its objects", { timeout: 60_000 }, () => {
    expect(spawnSync(process.execPath, ["-e", holder]).status).toBe(0);
    const summary = summarizeSnapshot(file, 10);
    const section = (title: string) => summary.split("\n\n").find((part) => part.startsWith(title))!;

    const heldItems = section("top 10 fields")
      .split("\n")
      .find((line) => line.endsWith(" heldItems"));
    expect(Number(heldItems?.trim().split(/\s+/)[0])).toBeGreaterThanOrEqual(1);
    expect(section("top 10 retainers")).toMatch(/Array {2}← .*heldItems/);
    expect(section("top 10 kinds")).toMatch(/\s20000 {2}HeldItem$/m);
  });
});
