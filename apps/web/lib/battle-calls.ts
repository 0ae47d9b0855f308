"use client";
import { createTRPCUntypedClient, httpBatchLink } from "@trpc/client";
import type { BattleLayout, BattleWinRule } from "@prizepacks/fairness";
import type { BattleStatus, BattleView } from "./battle-shapes";

// The battles procedures, called by name: the one place the pages reach them, so that wiring
// them to the typed client (trpc.battles.*) once the engine's router is merged changes this
// file only. Same transport, CSRF rule and errors (TRPCClientError) as lib/trpc.ts.
const client = createTRPCUntypedClient({ links: [httpBatchLink({ url: "/api/trpc", maxItems: 10 })] });

export const battleQueryKeys = {
  all: ["battles"] as const,
  list: (status: BattleStatus) => ["battles", "list", status] as const,
  mine: ["battles", "mine"] as const,
  one: (id: string) => ["battles", "one", id] as const,
};

export interface CreateBattleInput {
  packs: string[];
  layout: BattleLayout;
  winRule: BattleWinRule;
  terminal?: boolean;
  clientSeed?: string;
}

/** The newest 50 battles (of one status, or of any). */
async function listBattles(status?: BattleStatus): Promise<BattleView[]> {
  const answer = (await client.query("battles.list", status ? { status } : {})) as { battles: BattleView[] };
  return answer.battles;
}

export const battleCalls = {
  list: (status: BattleStatus) => listBattles(status),
  /** The viewer's battles among the newest 50 (the list has no filter by player yet). */
  mine: async () => (await listBattles()).filter((battle) => battle.seats.some((seat) => seat.you)),
  get: (id: string) => client.query("battles.get", { id }) as Promise<BattleView>,
  create: (input: CreateBattleInput) => client.mutation("battles.create", input) as Promise<BattleView>,
  join: (id: string, input: { seat?: number; clientSeed?: string }) =>
    client.mutation("battles.join", { id, ...input }) as Promise<BattleView>,
  fillWithBots: (id: string) => client.mutation("battles.bots", { id }) as Promise<BattleView>,
  leave: (id: string) => client.mutation("battles.leave", { id }) as Promise<BattleView>,
};
