import { describe, expect, it } from "vitest";
import { AccountGate } from "./account-gate.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("AccountGate", () => {
  it("runs one request per account at a time, in arrival order, and accounts independently", async () => {
    const gate = new AccountGate(1_000);
    const log: string[] = [];
    const work = (name: string, ms: number) => async () => {
      log.push(`start ${name}`);
      await sleep(ms);
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      gate.run("a", work("a1", 30)),
      gate.run("a", work("a2", 10)),
      gate.run("b", work("b1", 5)),
      gate.run("a", work("a3", 1)),
    ]);
    expect(results).toEqual(["a1", "a2", "b1", "a3"]);
    const onlyA = log.filter((entry) => entry.includes(" a"));
    expect(onlyA).toEqual(["start a1", "end a1", "start a2", "end a2", "start a3", "end a3"]);
    expect(log.indexOf("end b1")).toBeLessThan(log.indexOf("end a1"));
  });

  it("refuses with a bounded 503 when the account's turn does not come in time, and frees the turn after a failure", async () => {
    const gate = new AccountGate(50);
    const stuck = gate.run("a", () => sleep(200));
    await expect(gate.run("a", async () => "never")).rejects.toMatchObject({ code: "UNAVAILABLE", details: { retryAfterSeconds: 1 } });
    await stuck;
    await expect(
      gate.run("a", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await gate.run("a", async () => "next")).toBe("next");
  });
});
