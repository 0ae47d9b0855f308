import Link from "next/link";
import { notFound } from "next/navigation";
import { HARM_OUTCOME_LABELS, IdSchema } from "@prizepacks/core/contract";
import { adminApi } from "../../../../lib/admin";
import { HarmCaseActions } from "../../../../components/admin/harm-case-actions";

export const metadata = { title: "Case" };

const when = (iso: string) => iso.replace("T", " ").slice(0, 16);

/** "balanceZeroAt" → "Balance zero at". */
const term = (key: string) => key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());

/** A fact's value as text: times shortened, lists one item a line. */
function factValue(value: unknown): string {
  if (typeof value === "string") return /^\d{4}-\d{2}-\d{2}T/.test(value) ? `${when(value)} UTC` : value;
  if (Array.isArray(value))
    return (value as unknown[])
      .map((item) => (typeof item === "object" && item ? Object.values(item as Record<string, unknown>).join(" · ") : String(item)))
      .join("; ");
  return String(value);
}

const ENTRY_LABELS: Record<string, string> = {
  note: "Note",
  owner: "Owner",
  contacted: "Mailed the player",
  limit_set: "Limit set",
  suspended: "Play suspended",
  verification_required: "Identity check required",
  closed: "Closed",
};

export default async function CasePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!IdSchema.safeParse(id).success) notFound();
  const api = await adminApi();
  const harmCase = await api.admin.harm.case({ caseId: id }).catch((error: unknown) => {
    if ((error as { code?: string }).code === "NOT_FOUND") notFound();
    throw error;
  });
  return (
    <>
      <header className="page-header">
        <div>
          <p className="small-text">
            <Link href="/admin/cases">Cases</Link>
          </p>
          <h1>{harmCase.label}</h1>
          <p className="muted">{harmCase.rule.replace("{threshold}", "the threshold")}</p>
        </div>
      </header>
      <section className="card stack" aria-labelledby="case-summary">
        <h2 id="case-summary">Case</h2>
        <dl className="facts fact-cards">
          <div>
            <dt>Account</dt>
            <dd>
              <Link href={`/admin/accounts/${encodeURIComponent(harmCase.userId)}`} className="break">
                {harmCase.email}
              </Link>
            </dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd data-testid="case-status">
              {harmCase.status === "open" ? "Open" : `Closed: ${harmCase.outcome ? HARM_OUTCOME_LABELS[harmCase.outcome] : ""}`}
            </dd>
          </div>
          <div>
            <dt>Opened (UTC)</dt>
            <dd>{when(harmCase.openedAt)}</dd>
          </div>
          <div>
            <dt>Hits</dt>
            <dd>{harmCase.hits}</dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd className="break" data-testid="case-owner">
              {harmCase.owner ?? "nobody"}
            </dd>
          </div>
        </dl>
      </section>
      <section className="card stack" aria-labelledby="case-facts">
        <h2 id="case-facts">What triggered it</h2>
        {harmCase.hitList.map((hit) => (
          <article key={hit.id} className="stack harm-hit">
            <h3 className="small-text">Hit at {when(hit.at)} UTC</h3>
            <dl className="facts fact-cards">
              {Object.entries(hit.facts).map(([key, value]) => (
                <div key={key}>
                  <dt>{term(key)}</dt>
                  <dd>{factValue(value)}</dd>
                </div>
              ))}
            </dl>
          </article>
        ))}
      </section>
      <HarmCaseActions
        harmCase={{ id: harmCase.id, email: harmCase.email, status: harmCase.status, owner: harmCase.owner }}
        admins={harmCase.admins}
      />
      <section className="card stack" aria-labelledby="case-history">
        <h2 id="case-history">What was done</h2>
        {harmCase.entries.length === 0 ? (
          <p className="muted">Nothing yet.</p>
        ) : (
          <ol className="stack" data-testid="case-entries">
            {harmCase.entries.map((entry) => (
              <li key={entry.id}>
                <strong>{ENTRY_LABELS[entry.kind] ?? entry.kind}</strong>{" "}
                <span className="muted small-text">
                  {when(entry.createdAt)} UTC · <span className="break">{entry.actor}</span>
                </span>
                {entry.detail ? (
                  <p className="small-text break">
                    {factValue(
                      Object.values(entry.detail)
                        .filter((v) => v !== null)
                        .join(", "),
                    )}
                  </p>
                ) : null}
                {entry.text && <p className="break">{entry.text}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
