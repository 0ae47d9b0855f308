import type { AnyProcedure, inferProcedureOutput } from "@trpc/server";
import { appRouter, type AppRouter } from "../root.ts";
import type { ProcedureMeta } from "../router/shared/rest-meta.ts";

type Entries<Record, Prefix extends string = ""> = {
  [Key in keyof Record & string]: Record[Key] extends AnyProcedure
    ? [`${Prefix}${Key}`, inferProcedureOutput<Record[Key]>]
    : Entries<Record[Key], `${Prefix}${Key}.`>;
}[keyof Record & string];
type ProcedureEntry = Entries<AppRouter["_def"]["record"]>;

/** A procedure's dotted path in the router, "packs.open". */
export type ProcedurePath = ProcedureEntry[0];
/** What the procedure at `Path` answers. */
export type OutputOf<Path extends ProcedurePath> = Extract<ProcedureEntry, [Path, unknown]>[1];

/** The procedures served under /v1, by their OpenAPI operation id: their router path and meta. */
export function restProcedures(): Map<string, { path: ProcedurePath; meta: ProcedureMeta }> {
  // tRPC keeps every procedure in one flat record keyed by its dotted path.
  const procedures = appRouter._def.procedures as unknown as Record<ProcedurePath, { _def: { meta?: ProcedureMeta } }>;
  const byOperation = new Map<string, { path: ProcedurePath; meta: ProcedureMeta }>();
  for (const [path, procedure] of Object.entries(procedures) as Array<[ProcedurePath, { _def: { meta?: ProcedureMeta } }]>) {
    const meta = procedure._def.meta;
    if (meta?.openapi?.operationId) byOperation.set(meta.openapi.operationId, { path, meta });
  }
  return byOperation;
}
