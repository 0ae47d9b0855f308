import { z } from "zod";
import type { AdminActor } from "../admin-log/write-admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { Money } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { changeMoneySetting, GAME_SETTINGS, readGameSettings, type GameSettings, type MoneySettingChange } from "./money-settings.ts";

/** The console's names of the game settings, and their columns. */
const GAME_SETTING_COLUMNS = {
  upgrade_edge_bps: "upgradeEdgeBps",
  upgrade_cap_tickets: "upgradeCapTickets",
  exchange_fee_bps: "exchangeFeeBps",
} as const;

export const GameSettingChangeSchema = z
  .object({
    setting: z.enum(["upgrade_edge_bps", "upgrade_cap_tickets", "exchange_fee_bps"]),
    value: z.number().int(),
    requestKey: RequestKeySchema.optional(),
  })
  .superRefine(({ setting, value }, context) => {
    const { min, max } = GAME_SETTINGS[GAME_SETTING_COLUMNS[setting]];
    if (value < min || value > max)
      context.addIssue({ code: "custom", path: ["value"], message: `${setting} must be from ${min} to ${max}` });
  });

/** The upgrader's edge and cap and the exchange's fee in force (the console's Games settings). */
export function getGameSettings(services: Deps): Promise<GameSettings> {
  return readGameSettings(services.database.prisma);
}

/**
 * Changes one game setting (a money setting, money-settings.ts): what lets more value leave the
 * house (and any change of the edge) waits for a second admin from the console; the rest
 * applies at once.
 */
export async function setGameSetting(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof GameSettingChangeSchema>,
): Promise<MoneySettingChange> {
  const { setting, value, requestKey } = parseInputOrThrow(GameSettingChangeSchema, input);
  return runAdminMutation(services.database.prisma, actor, { requestKey, action: "settings.game", request: { setting, value } }, (tx) =>
    changeMoneySetting(services, tx, actor, { setting, value: new Money(value) }),
  );
}
