import { usesDevOutbox } from "@prizepacks/auth";
import { minimumAge } from "@prizepacks/core";
import { SignUpForm } from "../../../components/auth/auth-forms";

export const metadata = { title: "Sign up" };
export const dynamic = "force-dynamic";

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string; ref?: string }> }) {
  const { next, ref } = await searchParams;
  // A creator's link (/sign-up?ref=CODE) fills the code in; the player may change or clear it.
  const referralCode = ref && /^[A-Za-z0-9-]{3,16}$/.test(ref) ? ref : undefined;
  return (
    <section className="card auth-card stack">
      <h1>Create your account</h1>
      <p className="muted">Open packs, keep or sell what you win, and verify every draw.</p>
      <SignUpForm outbox={usesDevOutbox()} minimumAge={minimumAge()} next={next} referralCode={referralCode} />
    </section>
  );
}
