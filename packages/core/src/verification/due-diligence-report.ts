import { MonthlyStatementInputSchema, type MonthlyStatementInput } from "../contract/statements.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { csvField, monthOf } from "../statements/statements.ts";

export const DUE_DILIGENCE_CSV_HEADER = [
  "type",
  "at",
  "account_id",
  "status",
  "review_answer",
  "reject_type",
  "reject_labels",
  "provider",
  "demo",
  "started_at",
  "reviewed_at",
  "operator",
  "reason",
  "blocks_play",
  "moderation_comment",
  "client_comment",
  "case_id",
  "marker",
  "outcome",
] as const;

type Column = (typeof DUE_DILIGENCE_CSV_HEADER)[number];

interface ReportSqlRow {
  type: "check_started" | "check_status" | "request" | "request_withdrawn" | "case_opened" | "case_closed";
  at: Date;
  userId: string;
  status: string | null;
  reviewAnswer: string | null;
  rejectType: string | null;
  rejectLabels: string[] | null;
  provider: string | null;
  startedAt: Date | null;
  reviewedAt: Date | null;
  operator: string | null;
  reason: string | null;
  blocksPlay: boolean | null;
  moderationComment: string | null;
  clientComment: string | null;
  caseId: string | null;
  marker: string | null;
  outcome: string | null;
}

/**
 * The regulator's monthly report of customer due diligence (#37), as CSV: one row per dated
 * fact in the calendar month (UTC), oldest first:
 * - check_started: a check was started (its provider; demo: no identity was verified);
 * - check_status: every status a check took (verification_change, kept for good), dated when it
 *   took it, with the review's answer, reject type and labels, and both reviewer's comments (this
 *   report is for operators and the regulator, never the player, so clientComment is in it);
 * - request / request_withdrawn: an operator asked an account for a check, or withdrew the ask
 *   (from the admin log, kept for good), with the operator and their reason;
 * - case_opened / case_closed: a markers-of-harm case (its marker) was opened, or closed by an
 *   operator with its outcome.
 * A check started in one month and decided in the next shows in both.
 * Free text (labels, reasons, comments, the operator's address) is written so that a spreadsheet
 * never runs it as a formula (csvField).
 */
export async function exportDueDiligenceCsv(
  services: Deps,
  input: MonthlyStatementInput,
): Promise<{ filename: string; csv: string; rows: number }> {
  const month = parseInputOrThrow(MonthlyStatementInputSchema, input).month ?? monthOf(new Date());
  const from = new Date(`${month}-01T00:00:00.000Z`);
  const to = new Date(from);
  to.setUTCMonth(to.getUTCMonth() + 1);
  const rows = await services.database.prisma.$queryRaw<ReportSqlRow[]>`
    SELECT 'check_started' AS type, v."createdAt" AS at, v."userId", NULL AS status, NULL AS "reviewAnswer", NULL AS "rejectType",
      NULL::text[] AS "rejectLabels", v.provider, v."createdAt" AS "startedAt", NULL::timestamp AS "reviewedAt", NULL AS operator,
      NULL AS reason, NULL::boolean AS "blocksPlay", NULL AS "moderationComment", NULL AS "clientComment",
      NULL AS "caseId", NULL AS marker, NULL AS outcome
    FROM account_verification v WHERE v."createdAt" >= ${from} AND v."createdAt" < ${to}
    UNION ALL
    SELECT 'check_status', c."statusAt", c."userId", c.status, c."reviewAnswer", c."rejectType", c."rejectLabels", c.provider,
      v."createdAt", CASE WHEN c."reviewAnswer" IS NULL THEN NULL ELSE c."statusAt" END, NULL, NULL, NULL, c."moderationComment",
      c."clientComment", NULL, NULL, NULL
    FROM verification_change c JOIN account_verification v ON v."userId" = c."userId"
    WHERE c."statusAt" >= ${from} AND c."statusAt" < ${to}
    UNION ALL
    SELECT CASE WHEN l.action = 'verification.requested' THEN 'request' ELSE 'request_withdrawn' END, l."createdAt", l."targetId",
      NULL, NULL, NULL, NULL, NULL, NULL, NULL, l.actor,
      coalesce(l.after, l.before) ->> 'reason', (coalesce(l.after, l.before) ->> 'blocksPlay')::boolean, NULL, NULL, NULL, NULL, NULL
    FROM admin_log l
    WHERE l.action IN ('verification.requested', 'verification.request_withdrawn') AND l."createdAt" >= ${from} AND l."createdAt" < ${to}
    UNION ALL
    SELECT 'case_opened', c."openedAt", c."userId", 'open', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
      c.id, c.marker, NULL
    FROM harm_case c WHERE c."openedAt" >= ${from} AND c."openedAt" < ${to}
    UNION ALL
    SELECT 'case_closed', c."closedAt", c."userId", 'closed', NULL, NULL, NULL, NULL, NULL, NULL, c."closedBy", NULL, NULL, NULL, NULL,
      c.id, c.marker, c.outcome
    FROM harm_case c WHERE c."closedAt" >= ${from} AND c."closedAt" < ${to}
    ORDER BY at, type, "userId"`;
  const lines = [DUE_DILIGENCE_CSV_HEADER.join(",")];
  for (const row of rows) {
    const fields: Record<Column, string> = {
      type: row.type,
      at: row.at.toISOString(),
      account_id: csvField(row.userId),
      status: row.status ?? "",
      review_answer: row.reviewAnswer ?? "",
      reject_type: row.rejectType ?? "",
      reject_labels: csvField((row.rejectLabels ?? []).join(";"), true),
      provider: row.provider ?? "",
      demo: row.provider === null ? "" : String(row.provider === "demo"),
      started_at: row.startedAt?.toISOString() ?? "",
      reviewed_at: row.reviewedAt?.toISOString() ?? "",
      operator: csvField(row.operator ?? "", true),
      reason: csvField(row.reason ?? "", true),
      blocks_play: row.blocksPlay === null ? "" : String(row.blocksPlay),
      moderation_comment: csvField(row.moderationComment ?? "", true),
      client_comment: csvField(row.clientComment ?? "", true),
      case_id: row.caseId ?? "",
      marker: row.marker ?? "",
      outcome: row.outcome ?? "",
    };
    lines.push(DUE_DILIGENCE_CSV_HEADER.map((column) => fields[column]).join(","));
  }
  return { filename: `prizepacks-due-diligence-${month}.csv`, csv: `${lines.join("\r\n")}\r\n`, rows: lines.length - 1 };
}
