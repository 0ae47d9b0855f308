import type { Services } from "../runtime/services.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { ListBattlesInputSchema } from "./battle.schemas.ts";
import type { Battle } from "../schemas.ts";
import { battleView, loadBattleOrThrow, loadBattles } from "./battle-view.ts";

export async function getBattle(services: Services, viewerId: string | null, battleId: string): Promise<Battle> {
  return battleView(await loadBattleOrThrow(services.database.sql, battleId), viewerId);
}

/**
 * The newest 50 battles, optionally of one status (the lobby: open) and only the viewer's
 * (player "me": the history).
 */
export async function listBattles(services: Services, viewerId: string | null, input: unknown): Promise<Battle[]> {
  const { status, player } = parseInputOrThrow(ListBattlesInputSchema, input);
  const { sql } = services.database;
  const seatedUser = player === "me" ? (viewerId ?? "") : null;
  const rows = await sql.query<{ id: string }>(
    `SELECT id FROM battle b
      WHERE ($1::text IS NULL OR status = $1)
        AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM battle_seat s WHERE s."battleId" = b.id AND s."userId" = $2))
      ORDER BY "createdAt" DESC, id DESC LIMIT 50`,
    [status ?? null, seatedUser],
  );
  return battlesByIds(
    services,
    viewerId,
    rows.map((row) => row.id),
  );
}

/** The battles of `battleIds` as getBattle shows each to the viewer, in that order (those that exist), in a fixed number of queries. */
export async function battlesByIds(services: Services, viewerUserId: string | null, battleIds: readonly string[]): Promise<Battle[]> {
  const loaded = await loadBattles(services.database.sql, battleIds);
  return loaded.map((battle) => battleView(battle, viewerUserId));
}
