import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { queryKeys } from "./trpc";

describe("queryKeys", () => {
  it("are the procedures' paths, with the input last", () => {
    expect(queryKeys.wallet.ledger()).toEqual(["wallet", "ledger"]);
    expect(queryKeys.me.limits.get()).toEqual(["me", "limits", "get"]);
    expect(queryKeys.inventory.list({ status: "HELD" })).toEqual(["inventory", "list", { status: "HELD" }]);
    expect(queryKeys.battles()).toEqual(["battles"]);
  });

  it("invalidate by router: every procedure under it and nothing else", async () => {
    const client = new QueryClient();
    const keys = [queryKeys.wallet.get(), queryKeys.wallet.ledger(), queryKeys.me.get(), queryKeys.inventory.list({ status: "HELD" })];
    for (const key of keys) client.setQueryData(key, 1);
    await client.invalidateQueries({ queryKey: queryKeys.wallet() });
    const invalidated = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(invalidated).toEqual([true, true, false, false]);
  });
});
