import { usesDevOutbox } from "@prizepacks/auth";
import { minimumAge } from "@prizepacks/core";
import { SignUpForm } from "../../../components/auth/auth-forms";

export const metadata = { title: "Sign up" };
export const dynamic = "force-dynamic";

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  return (
    <section className="card auth-card stack">
      <h1>Create your account</h1>
      <p className="muted">Open packs, keep or sell what you win, and verify every draw.</p>
      <SignUpForm outbox={usesDevOutbox()} minimumAge={minimumAge()} next={next} />
    </section>
  );
}
