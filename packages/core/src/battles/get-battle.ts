import type { Services } from "../runtime/services.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { ListBattlesInputSchema } from "./battle.schemas.ts";
import type { Battle } from "../schemas.ts";
import { battleView, loadBattle, loadBattleOrThrow } from "./battle-view.ts";

export async function getBattle(services: Services, viewerId: string | null, battleId: string): Promise<Battle> {
  return battleView(await loadBattleOrThrow(services.database.sql, battleId), viewerId);
}

/** The newest 50 battles, optionally of one status (the lobby: open; the history: settled). */
export async function listBattles(services: Services, viewerId: string | null, input: unknown): Promise<Battle[]> {
  const { status } = parseInputOrThrow(ListBattlesInputSchema, input);
  const { sql } = services.database;
  const rows = await sql.query<{ id: string }>(
    `SELECT id FROM battle WHERE ($1::text IS NULL OR status = $1) ORDER BY "createdAt" DESC, id DESC LIMIT 50`,
    [status ?? null],
  );
  const battles = await Promise.all(rows.map((row) => loadBattle(sql, row.id)));
  return battles.flatMap((loaded) => (loaded ? [battleView(loaded, viewerId)] : []));
}
