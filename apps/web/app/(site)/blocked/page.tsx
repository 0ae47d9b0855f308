import Link from "next/link";
import { findViewer } from "../../../lib/server-api";
import { ErrorAlert } from "../../../components/ui/error-alert";
import { SignOutButton } from "../../../components/layout/sign-out-button";

export const metadata = { title: "Account blocked" };
export const dynamic = "force-dynamic";

export default async function BlockedPage() {
  const viewer = await findViewer();
  return (
    <section className="card auth-card stack" aria-labelledby="blocked-title">
      <h1 id="blocked-title">This account cannot play</h1>
      <ErrorAlert error={viewer?.blockedReason ?? "Your account is banned, deleted or its e-mail address is not verified."} />
      <p className="muted">The same rule applies to the REST API (403). If you think this is a mistake, contact support.</p>
      {viewer ? <SignOutButton /> : <Link href="/sign-in">Sign in with another account</Link>}
    </section>
  );
}
