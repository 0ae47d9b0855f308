import type { Deps } from "../runtime/deps.ts";

/** One dated line of an account's identity-check history, for the console. */
export interface VerificationHistoryEntry {
  id: string;
  at: string;
  /** check: the stored check's own dates; event: a verification.changed event still kept; admin: the admin log. */
  source: "check" | "event" | "admin";
  /** started, status (the check's last status), changed (an event), requested, request_withdrawn. */
  kind: "started" | "status" | "changed" | "requested" | "request_withdrawn";
  status: string | null;
  /** The operator, for admin entries. */
  actor: string | null;
  /** The operator's reason (admin entries), or the reject labels (a check's status). */
  detail: string | null;
}

const HISTORY_LIMIT = 50;

/**
 * An account's identity-check history, newest first: the check's dates (kept for good), the
 * operators' requests and withdrawals (the admin log, kept for good) and the verification.changed
 * events still kept (account events live 7 days), each status in between included.
 */
export async function getVerificationHistory(services: Deps, userId: string): Promise<VerificationHistoryEntry[]> {
  const db = services.database.prisma;
  const [check, logged, events] = await Promise.all([
    db.accountVerification.findUnique({ where: { userId } }),
    db.adminLog.findMany({
      where: { targetId: userId, action: { in: ["verification.requested", "verification.request_withdrawn"] } },
      orderBy: { id: "desc" },
      take: HISTORY_LIMIT,
    }),
    db.accountEvent.findMany({
      where: { userId, type: "verification.changed" },
      orderBy: { id: "desc" },
      take: HISTORY_LIMIT,
    }),
  ]);
  const entries: VerificationHistoryEntry[] = [];
  if (check) {
    entries.push({
      id: "check-started",
      at: check.createdAt.toISOString(),
      source: "check",
      kind: "started",
      status: null,
      actor: null,
      detail: check.provider,
    });
    entries.push({
      id: "check-status",
      at: check.statusAt.toISOString(),
      source: "check",
      kind: "status",
      status: check.status,
      actor: null,
      detail: [check.rejectType, ...check.rejectLabels].filter(Boolean).join(", ") || null,
    });
  }
  for (const row of logged) {
    const request = (row.action === "verification.requested" ? row.after : row.before) as { reason?: string } | null;
    entries.push({
      id: `admin-${row.id}`,
      at: row.createdAt.toISOString(),
      source: "admin",
      kind: row.action === "verification.requested" ? "requested" : "request_withdrawn",
      status: null,
      actor: row.actor,
      detail: request?.reason ?? null,
    });
  }
  for (const event of events) {
    const data = event.data as { status?: string; requiredFor?: string[] };
    entries.push({
      id: `event-${event.id}`,
      at: event.createdAt.toISOString(),
      source: "event",
      kind: "changed",
      status: data.status ?? null,
      actor: null,
      detail: data.requiredFor?.length ? `waiting: ${data.requiredFor.join(", ")}` : null,
    });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}
