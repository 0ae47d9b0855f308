import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BATTLE_PROTOCOL_TEXT } from "./battle-protocol.ts";

describe("battle/v1 as published", () => {
  it("is in the README word for word", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    expect(readme).toContain(BATTLE_PROTOCOL_TEXT);
  });
});
