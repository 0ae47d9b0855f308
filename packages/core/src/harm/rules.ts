import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { runAdminMutation } from "../admin-log/admin-request.ts";
import { HARM_MARKER_INFO, HARM_MARKERS, SetHarmRuleSchema, SetHarmTimeZoneSchema, type HarmMarker } from "../contract/harm.ts";
import { AppError } from "../errors.ts";
import { formatMoney, Money } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";

export interface HarmRuleView {
  marker: HarmMarker;
  label: string;
  /** The rule in words with the threshold in it. */
  rule: string;
  unit: string;
  /** "150.00" for money, "3" for a count. */
  threshold: string;
  updatedAt: string;
}

const shown = (marker: HarmMarker, threshold: Money) =>
  HARM_MARKER_INFO[marker].unit === "money" ? formatMoney(threshold) : threshold.toFixed(0);

/** The markers' rules in their fixed order, and the time zone days and nights are counted in. */
export async function listHarmRules(services: Deps): Promise<{ rules: HarmRuleView[]; timeZone: string }> {
  const db = services.database.prisma;
  const [rows, settings] = await Promise.all([db.harmMarkerRule.findMany(), db.harmSettings.findUnique({ where: { id: 1 } })]);
  const byMarker = new Map(rows.map((row) => [row.marker, row]));
  const rules = HARM_MARKERS.flatMap((marker) => {
    const row = byMarker.get(marker);
    if (!row) return [];
    const threshold = shown(marker, row.threshold);
    const info = HARM_MARKER_INFO[marker];
    return [
      {
        marker,
        label: info.label,
        rule: info.rule.replace("{threshold}", threshold),
        unit: info.unit,
        threshold,
        updatedAt: row.updatedAt.toISOString(),
      },
    ];
  });
  return { rules, timeZone: settings?.timeZone ?? "UTC" };
}

/** Sets one marker's threshold (the console's settings), logged with before and after. Applies from the next evaluation. */
export async function setHarmRule(services: Deps, actor: AdminActor, input: unknown): Promise<HarmRuleView> {
  const db = services.database.prisma;
  const { marker, threshold: text, requestKey } = parseInputOrThrow(SetHarmRuleSchema, input);
  const info = HARM_MARKER_INFO[marker];
  const threshold = new Money(text);
  if (threshold.lte(0)) throw new AppError("BAD_REQUEST", "threshold: must be more than 0");
  if (info.unit !== "money" && !threshold.isInteger()) throw new AppError("BAD_REQUEST", `threshold: a whole number of ${info.unit}`);
  if (info.max !== undefined && threshold.gt(info.max)) throw new AppError("BAD_REQUEST", `threshold: at most ${info.max}`);
  await runAdminMutation(
    db,
    actor,
    { requestKey, action: "harm.rule_set", request: { marker, threshold: threshold.toFixed(2) } },
    async (tx) => {
      const before = await tx.harmMarkerRule.findUnique({ where: { marker } });
      if (!before) throw new AppError("NOT_FOUND", `No rule for ${marker}.`);
      await tx.harmMarkerRule.update({ where: { marker }, data: { threshold } });
      await writeAdminLog(
        services,
        actor,
        {
          action: "harm.rule_set",
          targetType: "settings",
          targetId: `harm.${marker}`,
          before: { threshold: shown(marker, before.threshold) },
          after: { threshold: shown(marker, threshold) },
        },
        { tx },
      );
      return { marker };
    },
  );
  const { rules } = await listHarmRules(services);
  return rules.find((rule) => rule.marker === marker)!;
}

/** Whether PostgreSQL and the platform both know this IANA zone name. */
function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return /^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(timeZone);
  } catch {
    return false;
  }
}

/** The time zone the markers count local days and nights in (accounts carry none): an IANA name, e.g. Europe/London. */
export async function setHarmTimeZone(services: Deps, actor: AdminActor, input: unknown): Promise<{ timeZone: string }> {
  const db = services.database.prisma;
  const { timeZone, requestKey } = parseInputOrThrow(SetHarmTimeZoneSchema, input);
  if (!knownTimeZone(timeZone))
    throw new AppError("BAD_REQUEST", `timeZone: "${timeZone}" is not a time zone name such as Europe/London or UTC`);
  return runAdminMutation(db, actor, { requestKey, action: "harm.time_zone_set", request: { timeZone } }, async (tx) => {
    // PostgreSQL's own list decides too: the markers' SQL converts with it.
    const [known] = await tx.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM pg_timezone_names WHERE name = ${timeZone}`;
    if (!known?.n) throw new AppError("BAD_REQUEST", `timeZone: "${timeZone}" is not a time zone the database knows`);
    const before = await tx.harmSettings.findUniqueOrThrow({ where: { id: 1 } });
    await tx.harmSettings.update({ where: { id: 1 }, data: { timeZone } });
    await writeAdminLog(
      services,
      actor,
      {
        action: "harm.time_zone_set",
        targetType: "settings",
        targetId: "harm.time_zone",
        before: { timeZone: before.timeZone },
        after: { timeZone },
      },
      { tx },
    );
    return { timeZone };
  });
}
