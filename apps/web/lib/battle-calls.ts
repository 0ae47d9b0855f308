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

interface BattlePage {
  items: BattleView[];
}

function itemsOf(answer: unknown): BattleView[] {
  return Array.isArray(answer) ? (answer as BattleView[]) : (answer as BattlePage).items;
}

export const battleCalls = {
  list: async (status: BattleStatus) => itemsOf(await client.query("battles.list", { status })),
  mine: async () => itemsOf(await client.query("battles.list", { mine: true })),
  get: (id: string) => client.query("battles.get", { id }) as Promise<BattleView>,
  create: (input: CreateBattleInput) => client.mutation("battles.create", input) as Promise<BattleView>,
  join: (id: string, input: { seat?: number; clientSeed?: string }) =>
    client.mutation("battles.join", { id, ...input }) as Promise<BattleView>,
  fillWithBots: (id: string) => client.mutation("battles.bots", { id }) as Promise<BattleView>,
  leave: (id: string) => client.mutation("battles.leave", { id }) as Promise<BattleView>,
};
