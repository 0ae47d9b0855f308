import { notFound } from "next/navigation";
import { listOutbox, usesDevOutbox } from "@prizepacks/auth";
import { LocalTime } from "../../../../components/ui/local-time";
import { isDemoMode } from "@prizepacks/core";

export function generateMetadata() {
  return isDemoMode() ? { title: "Dev outbox" } : {};
}
export const dynamic = "force-dynamic";

export default function OutboxPage() {
  // Every account's mail is here: outside demo mode the page does not exist at all.
  if (!isDemoMode()) notFound();
  if (!usesDevOutbox()) {
    return (
      <section className="card stack">
        <h1>Dev outbox</h1>
        <p>Mail is sent through SMTP here (SMTP_URL is set); there is no outbox to show.</p>
      </section>
    );
  }
  const mails = listOutbox();
  return (
    <section className="stack">
      <div className="page-header">
        <h1>Dev outbox</h1>
        <span className="muted">{mails.length} mails, newest first</span>
      </div>
      <p className="alert warn">
        No SMTP_URL is configured, so mails are kept here instead of being sent. Set SMTP_URL in production: this page shows every
        account&apos;s mail.
      </p>
      {mails.length === 0 ? (
        <p className="empty">No mail yet. Sign up or ask for a password reset, then reload.</p>
      ) : (
        <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
          {mails.map((mail) => (
            <li key={mail.id} className="card stack" data-testid="outbox-mail">
              <div className="row" style={{ justifyContent: "space-between" }}>
                <strong>{mail.subject}</strong>
                <span className="muted small-text">
                  <LocalTime iso={mail.sentAt} />
                </span>
              </div>
              <span className="muted small-text">To: {mail.to}</span>
              <pre className="wrapped-text">{mail.text}</pre>
              {mail.link && (
                <a className="button small" href={mail.link} style={{ alignSelf: "flex-start" }}>
                  Open the link
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
