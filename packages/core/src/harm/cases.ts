import type { DbTx } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import { writeAdminLog, type AdminAction, type AdminActor } from "../admin-log/admin-log.ts";
import { runAdminMutation } from "../admin-log/admin-request.ts";
import {
  AssignHarmCaseSchema,
  CloseHarmCaseSchema,
  HARM_MARKER_INFO,
  HarmCaseListSchema,
  HarmCaseRefSchema,
  NoteHarmCaseSchema,
  type HarmMarker,
  type HarmOutcome,
} from "../contract/harm.ts";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";

/** The queue shows at most this many cases; the oldest first, so none waits unseen. */
export const HARM_QUEUE_SIZE = 200;

export interface HarmCaseRow {
  id: string;
  userId: string;
  email: string;
  marker: HarmMarker;
  label: string;
  status: "open" | "closed";
  openedAt: string;
  lastHitAt: string;
  hits: number;
  owner: string | null;
  outcome: HarmOutcome | null;
  closedAt: string | null;
}

export interface HarmCaseView extends HarmCaseRow {
  rule: string;
  closedBy: string | null;
  hitList: Array<{ id: string; key: string; at: string; facts: Record<string, unknown> }>;
  entries: Array<{ id: string; kind: string; text: string | null; detail: unknown; actor: string; createdAt: string }>;
  /** The admins a case can be given to (their e-mails). */
  admins: string[];
}

type CaseRecord = Prisma.HarmCaseGetPayload<object> & { email: string };

function caseRow(row: CaseRecord): HarmCaseRow {
  const marker = row.marker as HarmMarker;
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    marker,
    label: HARM_MARKER_INFO[marker].label,
    status: row.status as HarmCaseRow["status"],
    openedAt: row.openedAt.toISOString(),
    lastHitAt: row.lastHitAt.toISOString(),
    hits: row.hits,
    owner: row.owner,
    outcome: row.outcome as HarmOutcome | null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

async function emailsOf(db: DbTx, userIds: string[]): Promise<Map<string, string>> {
  const users = await db.user.findMany({ where: { id: { in: [...new Set(userIds)] } }, select: { id: true, email: true } });
  return new Map(users.map((user) => [user.id, user.email]));
}

/**
 * The queue: open cases oldest first (closed ones most recently closed first), by marker and by
 * owner ("me", "none" or an admin's e-mail).
 */
export async function listHarmCases(services: Deps, actor: AdminActor, input: unknown = {}): Promise<{ cases: HarmCaseRow[] }> {
  const db = services.database.prisma;
  const { status, marker, owner, userId } = parseInputOrThrow(HarmCaseListSchema, input);
  const ownerWhere =
    owner === undefined || owner === ""
      ? {}
      : owner === "none"
        ? { ownerId: null }
        : owner === "me"
          ? { ownerId: actor.id ?? "" }
          : { owner: owner.toLowerCase() };
  const rows = await db.harmCase.findMany({
    where: { status, ...(marker && { marker }), ...(userId && { userId }), ...ownerWhere },
    orderBy: status === "open" ? [{ openedAt: "asc" }, { id: "asc" }] : [{ closedAt: "desc" }, { id: "desc" }],
    take: HARM_QUEUE_SIZE,
  });
  const emails = await emailsOf(
    db,
    rows.map((row) => row.userId),
  );
  return { cases: rows.map((row) => caseRow({ ...row, email: emails.get(row.userId) ?? "(deleted account)" })) };
}

/** One case with its hits (the facts behind each), what was done on it, and the admins it can be given to. */
export async function getHarmCase(services: Deps, input: unknown): Promise<HarmCaseView> {
  const db = services.database.prisma;
  const { caseId } = parseInputOrThrow(HarmCaseRefSchema, input);
  const row = await db.harmCase.findUnique({
    where: { id: caseId },
    include: { hitList: { orderBy: [{ at: "desc" }, { id: "desc" }] }, entries: { orderBy: [{ createdAt: "desc" }, { id: "desc" }] } },
  });
  if (!row) throw new AppError("NOT_FOUND", `No case ${caseId}.`);
  const [emails, admins] = await Promise.all([
    emailsOf(db, [row.userId]),
    db.user.findMany({ where: { role: "admin", deletedAt: null, banned: false }, select: { email: true }, orderBy: { email: "asc" } }),
  ]);
  const marker = row.marker as HarmMarker;
  return {
    ...caseRow({ ...row, email: emails.get(row.userId) ?? "(deleted account)" }),
    rule: HARM_MARKER_INFO[marker].rule,
    closedBy: row.closedBy,
    hitList: row.hitList.map((hit) => ({
      id: hit.id,
      key: hit.key,
      at: hit.at.toISOString(),
      facts: hit.facts as Record<string, unknown>,
    })),
    entries: row.entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      text: entry.text,
      detail: entry.detail,
      actor: entry.actor,
      createdAt: entry.createdAt.toISOString(),
    })),
    admins: admins.map((admin) => admin.email),
  };
}

export type HarmCaseEntryKind = "note" | "owner" | "contacted" | "limit_set" | "suspended" | "verification_required" | "closed";

/**
 * The shape of every operator's step on a case: the case locked (so a close and an action do
 * not cross), `check` on it, the step's own change, its entry in the case and in the admin log,
 * all in one transaction applied once per request key.
 */
export async function onHarmCase<T extends Prisma.InputJsonValue>(
  services: Deps,
  actor: AdminActor,
  step: {
    caseId: string;
    requestKey: string | undefined;
    part?: string;
    action: AdminAction;
    kind: HarmCaseEntryKind;
    request: Prisma.InputJsonValue;
    /** Only while open (every action but a note). */
    open: boolean;
  },
  perform: (
    tx: DbTx,
    harmCase: { id: string; userId: string; marker: string; status: string },
  ) => Promise<{ result: T; text?: string | null; detail?: Record<string, unknown> }>,
): Promise<T> {
  const db = services.database.prisma;
  const request = { action: step.action, request: step.request, requestKey: step.requestKey, ...(step.part && { part: step.part }) };
  return runAdminMutation(db, actor, request, async (tx) => {
    const [harmCase] = await tx.$queryRaw<Array<{ id: string; userId: string; marker: string; status: string }>>`
      SELECT id, "userId", marker, status FROM harm_case WHERE id = ${step.caseId} FOR UPDATE`;
    if (!harmCase) throw new AppError("NOT_FOUND", `No case ${step.caseId}.`);
    if (step.open && harmCase.status !== "open") throw new AppError("CONFLICT", "This case is closed: nothing was done.");
    const { result, text = null, detail } = await perform(tx, harmCase);
    await tx.harmCaseEntry.create({
      data: {
        id: newId(),
        caseId: harmCase.id,
        kind: step.kind,
        text,
        detail: (detail ?? Prisma.DbNull) as Prisma.InputJsonValue,
        actorId: actor.id,
        actor: actor.email,
      },
    });
    await writeAdminLog(
      services,
      actor,
      {
        action: step.action,
        targetType: "harm_case",
        targetId: harmCase.id,
        after: { userId: harmCase.userId, marker: harmCase.marker, ...detail, ...(text && { text }) },
      },
      { tx },
    );
    return result;
  });
}

/** Gives the case to an admin (by e-mail), or to nobody. */
export async function assignHarmCase(services: Deps, actor: AdminActor, input: unknown): Promise<{ owner: string | null }> {
  const { caseId, ownerEmail, requestKey } = parseInputOrThrow(AssignHarmCaseSchema, input);
  return onHarmCase(
    services,
    actor,
    { caseId, requestKey, action: "harm.case_assigned", kind: "owner", request: { caseId, ownerEmail }, open: false },
    async (tx, harmCase) => {
      let owner: { id: string; email: string } | null = null;
      if (ownerEmail) {
        owner = await tx.user.findFirst({
          where: { email: ownerEmail, role: "admin", deletedAt: null },
          select: { id: true, email: true },
        });
        if (!owner) throw new AppError("BAD_REQUEST", `ownerEmail: ${ownerEmail} is not an admin's e-mail`);
      }
      const before = await tx.harmCase.findUniqueOrThrow({ where: { id: harmCase.id }, select: { owner: true } });
      await tx.harmCase.update({ where: { id: harmCase.id }, data: { ownerId: owner?.id ?? null, owner: owner?.email ?? null } });
      return { result: { owner: owner?.email ?? null }, detail: { ownerBefore: before.owner, owner: owner?.email ?? null } };
    },
  );
}

/** A note on the case (open or closed). */
export async function noteHarmCase(services: Deps, actor: AdminActor, input: unknown): Promise<{ noted: true }> {
  const { caseId, text, requestKey } = parseInputOrThrow(NoteHarmCaseSchema, input);
  return onHarmCase(
    services,
    actor,
    { caseId, requestKey, action: "harm.case_noted", kind: "note", request: { caseId, text }, open: false },
    async () => ({ result: { noted: true as const }, text }),
  );
}

/** Closes the case with its outcome. A later hit of the same marker on a new event opens a new case. */
export async function closeHarmCase(services: Deps, actor: AdminActor, input: unknown): Promise<{ outcome: HarmOutcome }> {
  const { caseId, outcome, note, requestKey } = parseInputOrThrow(CloseHarmCaseSchema, input);
  return onHarmCase(
    services,
    actor,
    { caseId, requestKey, action: "harm.case_closed", kind: "closed", request: { caseId, outcome, note: note ?? null }, open: true },
    async (tx, harmCase) => {
      await tx.harmCase.update({
        where: { id: harmCase.id },
        data: { status: "closed", outcome, closedAt: new Date(), closedBy: actor.email },
      });
      return { result: { outcome }, text: note || null, detail: { outcome } };
    },
  );
}
