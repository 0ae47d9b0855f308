import type { Deps } from "../runtime/deps.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { ListBattlesInputSchema } from "../contract/battles.ts";
import type { Battle } from "../contract/battles.ts";
import { battleView, loadBattleOrThrow, loadBattles } from "./battle-view.ts";
import { findLeafIndices } from "../transparency/read-log.ts";

export async function getBattle(services: Deps, viewerId: string | null, battleId: string): Promise<Battle> {
  const loaded = await loadBattleOrThrow(services.database.sql, battleId);
  // A settled battle's leaf, once the log has it (a battle is logged when it settles).
  const leaves = loaded.battle.status === "settled" ? await findLeafIndices(services, [{ kind: "battle", id: battleId }]) : null;
  return battleView(loaded, viewerId, leaves?.get(`battle:${battleId}`) ?? null);
}

/**
 * The newest 50 battles, optionally of one status (the lobby: open) and only the viewer's
 * (player "me": the history).
 */
export async function listBattles(services: Deps, viewerId: string | null, input: unknown): Promise<Battle[]> {
  const { status, player } = parseInputOrThrow(ListBattlesInputSchema, input);
  const { sql } = services.database;
  // A text of its own for each filter used, not `$1 IS NULL OR …`: statements are prepared, and
  // a generic plan made for the OR cannot use the filter's index.
  const params: string[] = [];
  const conditions: string[] = [];
  if (status) conditions.push(`status = $${params.push(status)}`);
  if (player === "me") {
    conditions.push(`EXISTS (SELECT 1 FROM battle_seat s WHERE s."battleId" = b.id AND s."userId" = $${params.push(viewerId ?? "")})`);
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const rows = await sql.query<{ id: string }>(`SELECT id FROM battle b ${where} ORDER BY "createdAt" DESC, id DESC LIMIT 50`, params);
  return battlesByIds(
    services,
    viewerId,
    rows.map((row) => row.id),
  );
}

/** The battles of `battleIds` as getBattle shows each to the viewer, in that order (those that exist), in a fixed number of queries. */
export async function battlesByIds(services: Deps, viewerUserId: string | null, battleIds: readonly string[]): Promise<Battle[]> {
  const loaded = await loadBattles(services.database.sql, battleIds);
  return loaded.map((battle) => battleView(battle, viewerUserId));
}
