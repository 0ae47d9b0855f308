import Link from "next/link";
import { ADMIN_ACTIONS, isPageCursor, type AdminAction } from "@prizepacks/core";
import { adminApi } from "../../../lib/admin";

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
      <div className="table-wrap" tabIndex={0}>
        <table data-testid="admin-log">
          <thead>
            <tr>
              <th>When (UTC)</th>
              <th>Who</th>
              <th>Action</th>
              <th>Target</th>
              <th>Before</th>
              <th>After</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="small-text">{entry.createdAt.replace("T", " ").slice(0, 19)}</td>
                <td>{entry.actor}</td>
                <td>{entry.action}</td>
                <td className="small-text">
                  {entry.targetType} <code className="break">{entry.targetId}</code>
                </td>
                <td>
                  <code className="admin-json">{entry.before === null ? "" : JSON.stringify(entry.before)}</code>
                </td>
                <td>
                  <code className="admin-json">{entry.after === null ? "" : JSON.stringify(entry.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {entries.length === 0 && <p className="empty muted">No entries match.</p>}
      {nextCursor && (
        <Link href={`/admin/log?${next}`} className="button ghost small">
          Older entries
        </Link>
      )}
    </>
  );
}
