import { z } from "zod";
import type { AdminActor } from "../admin-log/write-admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { formatMoney, parseMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { changeMoneySetting, MONEY_SETTINGS, type MoneySettingChange } from "../settings/money-settings.ts";

export interface ComplianceSettings {
  /** Deposits over a rolling 30 days past this need a verified identity. */
  dueDiligenceDeposits: string;
}

export async function getComplianceSettings(services: Deps): Promise<ComplianceSettings> {
  return { dueDiligenceDeposits: formatMoney(await MONEY_SETTINGS.due_diligence_deposits.read(services.database.prisma)) };
}

export const ComplianceSettingsSchema = z.object({
  dueDiligenceDeposits: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'dueDiligenceDeposits: must be an amount like "2000.00"')
    .refine((text) => parseMoney(text).greaterThan(0), "dueDiligenceDeposits: must be more than 0"),
  requestKey: RequestKeySchema.optional(),
});

/**
 * The due-diligence threshold (#37). A money setting (money-settings.ts): lowering it applies at
 * once; a raise from the console lets more money in unchecked, so it waits for a second admin.
 */
export async function setComplianceSettings(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof ComplianceSettingsSchema>,
): Promise<MoneySettingChange> {
  const { dueDiligenceDeposits, requestKey } = parseInputOrThrow(ComplianceSettingsSchema, input);
  const value = parseMoney(dueDiligenceDeposits);
  const request = { dueDiligenceDeposits: formatMoney(value) };
  return runAdminMutation(services.database.prisma, actor, { requestKey, action: "settings.due_diligence_deposits", request }, (tx) =>
    changeMoneySetting(services, tx, actor, { setting: "due_diligence_deposits", value }),
  );
}
