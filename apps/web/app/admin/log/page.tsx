import Link from "next/link";
import { ADMIN_ACTIONS, isPageCursor, type AdminAction, type AdminLogEntry } from "@prizepacks/core";
import { adminApi } from "../../../lib/admin";
import { diffLogEntry } from "../../../lib/log-diff";

export const metadata = { title: "Admin log" };

type Search = { action?: string; actor?: string; target?: string; cursor?: string };

export default async function AdminLogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = await searchParams;
  const action = ADMIN_ACTIONS.includes(params.action as AdminAction) ? (params.action as AdminAction) : undefined;
  const actor = params.actor?.trim().slice(0, 320) || undefined;
  const targetId = params.target?.trim().slice(0, 200) || undefined;
  const cursor = params.cursor && isPageCursor(params.cursor) ? params.cursor : undefined;
  const api = await adminApi();
  const { entries, nextCursor } = await api.admin.log.list({ action, actor, targetId, cursor });
  const next = new URLSearchParams({
    ...(action && { action }),
    ...(actor && { actor }),
    ...(targetId && { target: targetId }),
    ...(nextCursor && { cursor: nextCursor }),
  });
  return (
    <>
      <div className="page-header">
        <h1>Admin log</h1>
        <span className="muted small-text">Append-only: every operator action, written with the change it made.</span>
      </div>
      <form className="row" action="/admin/log">
        <label>
          Action{" "}
          <select name="action" defaultValue={action ?? ""}>
            <option value="">any</option>
            {ADMIN_ACTIONS.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label>
          Actor <input name="actor" defaultValue={actor ?? ""} placeholder="e-mail or cli" />
        </label>
        <label>
          Target id <input name="target" defaultValue={targetId ?? ""} />
        </label>
        <button className="button small">Filter</button>
      </form>
      <ol className="admin-log-entries" data-testid="admin-log">
        {entries.map((entry) => (
          <li key={entry.id} className="admin-log-entry" data-testid="admin-log-entry">
            <header>
              <time className="small-text muted" dateTime={entry.createdAt}>
                {entry.createdAt.replace("T", " ").slice(0, 19)} UTC
              </time>
              <strong>{entry.action}</strong>
              <span className="small-text">
                by{" "}
                {entry.actorId ? (
                  <Link href={`/admin/accounts/${entry.actorId}`} className="break">
                    {entry.actor}
                  </Link>
                ) : (
                  entry.actor
                )}
              </span>
              <span className="small-text" data-testid="admin-log-target">
                on <Target entry={entry} />
              </span>
            </header>
            <ChangeTable before={entry.before} after={entry.after} />
          </li>
        ))}
      </ol>
      {entries.length === 0 && <p className="empty muted">No entries match.</p>}
      {nextCursor && (
        <Link href={`/admin/log?${next}`} className="button ghost small">
          Older entries
        </Link>
      )}
    </>
  );
}

/** The target by name, linked to its console page; its id only when it no longer exists. */
function Target({ entry }: { entry: AdminLogEntry }) {
  const { target } = entry;
  if (!target) {
    return (
      <>
        {entry.targetType} {entry.targetId && <code className="break">{entry.targetId}</code>}
      </>
    );
  }
  switch (target.type) {
    case "pack":
      return (
        <>
          pack <Link href={`/admin/packs/${target.slug}`}>{target.name}</Link>
        </>
      );
    case "account":
      return (
        <>
          account{" "}
          <Link href={`/admin/accounts/${entry.targetId}`} className="break">
            {target.email}
          </Link>
          {target.name && target.name !== target.email && <span className="muted"> ({target.name})</span>}
        </>
      );
    case "api_key":
      return (
        <>
          API key “{target.name}” <code>{target.start}…</code> of{" "}
          <Link href={`/admin/accounts/${target.userId}`} className="break">
            {target.email}
          </Link>
        </>
      );
    case "settings":
      return <>setting {target.name}</>;
  }
}

/** Before and after, field by field; changed fields marked. */
function ChangeTable({ before, after }: { before: unknown; after: unknown }) {
  const rows = diffLogEntry(before, after);
  if (rows.length === 0) return null;
  return (
    <table className="admin-diff" data-testid="admin-log-diff">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} className={row.change === "same" ? undefined : `diff-row-${row.change}`} data-change={row.change}>
            <th scope="row">{row.field}</th>
            <td className={row.change === "same" ? undefined : "diff-before"}>{row.before ?? "–"}</td>
            <td className={row.change === "same" ? undefined : "diff-after"}>
              {row.after ?? "–"}
              {row.change !== "same" && <span className="visually-hidden"> ({row.change})</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
