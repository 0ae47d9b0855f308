import { describe, expect, it } from "vitest";
import { createTestUser } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { rowsFilteredOut, type PlanNode } from "../testing/query-plans.ts";
import { READ_NEW_EVENTS } from "./event-hub.ts";

const services = useTestServices();

describe("the event hub's read", () => {
  // The service's statements are prepared, and PostgreSQL may settle on the generic plan, made
  // without the cursor's value: that plan must still start the scan at the cursor.
  it("reads from the cursor in the generic plan, however many events lie before it", async () => {
    const { userId } = await createTestUser(services());
    await services().database.sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO account_event ("userId", type, data)
         SELECT $1, 'wallet.changed', '{}'::jsonb FROM generate_series(1, 200000)`,
        [userId],
      );
      await tx.query(`ANALYZE account_event`);
      await tx.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await tx.query(`PREPARE hub_read(bigint, bigint[], int) AS ${READ_NEW_EVENTS}`);
      const [{ max }] = (await tx.query<{ max: string }>(`SELECT max(id)::text AS max FROM account_event`)) as [{ max: string }];
      const cursor = BigInt(max) - 10n;
      const explain = async (gaps: string) => {
        const [row] = await tx.query<{ "QUERY PLAN": Array<{ Plan: PlanNode }> }>(
          `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE hub_read(${cursor}, '${gaps}', 1000)`,
        );
        return row!["QUERY PLAN"][0]!.Plan;
      };
      for (const gaps of ["{}", `{${cursor - 5n},${cursor - 3n}}`]) {
        const plan = await explain(gaps);
        expect(rowsFilteredOut(plan)).toBeLessThan(1_000);
      }
      const rows = await tx.query<{ id: string }>(`EXECUTE hub_read(${cursor}, '{${cursor - 5n},${cursor - 3n}}', 1000)`);
      expect(rows.map((row) => BigInt(row.id))).toEqual([
        cursor - 5n,
        cursor - 3n,
        ...Array.from({ length: 10 }, (_, i) => cursor + BigInt(i + 1)),
      ]);
      await tx.query(`DEALLOCATE hub_read`);
    });
  });
});
