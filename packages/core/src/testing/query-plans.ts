/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`'s plan, as far as the plan tests read it. */
export interface PlanNode {
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
}

/** Rows the whole plan read and threw away: what a query that misses its index costs. */
export const rowsFilteredOut = (node: PlanNode): number =>
  (node["Rows Removed by Filter"] ?? 0) + (node.Plans ?? []).reduce((sum, child) => sum + rowsFilteredOut(child), 0);
