import "server-only";
import { listActivePacks } from "@prizepacks/core";
import type { BattlePack, BattlePacksById } from "./battle-shapes";
import { services } from "./database";

/** The packs on sale, by id: what a battle can be made of and the art its rounds are shown with. */
export async function loadBattlePacks(): Promise<{ list: BattlePack[]; byId: BattlePacksById }> {
  const list = (await listActivePacks(await services())).map(({ id, slug, name, image, price }) => ({ id, slug, name, image, price }));
  return { list, byId: Object.fromEntries(list.map((pack) => [pack.id, pack])) };
}
