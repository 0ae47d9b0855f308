"use client";
import type { BattleStatus } from "./battle-shapes";
import { asBattleView, type BattleView } from "./battle-shapes";
import { trpc } from "./trpc";
import type { RouterInputs } from "@prizepacks/api";

// The battles procedures as the pages call them: every answer narrowed once (asBattleView).

export type CreateBattleInput = RouterInputs["battles"]["create"];

/** The newest 50 battles (of one status, or of any; or only the viewer's). */
async function listBattles(filter: { status?: BattleStatus; player?: "me" }): Promise<BattleView[]> {
  const { battles } = await trpc.battles.list.query(filter);
  return battles.map(asBattleView);
}

export const battleCalls = {
  list: (status: BattleStatus) => listBattles({ status }),
  /** The viewer's newest 50 battles. */
  mine: () => listBattles({ player: "me" }),
  get: async (id: string) => asBattleView(await trpc.battles.get.query({ id })),
  create: async (input: CreateBattleInput) => asBattleView(await trpc.battles.create.mutate(input)),
  join: async (id: string, input: { seat?: number; clientSeed?: string }) => asBattleView(await trpc.battles.join.mutate({ id, ...input })),
  fillWithBots: async (id: string) => asBattleView(await trpc.battles.bots.mutate({ id })),
  leave: async (id: string) => asBattleView(await trpc.battles.leave.mutate({ id })),
};
