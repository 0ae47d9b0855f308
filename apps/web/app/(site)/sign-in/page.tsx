import { SignInForm } from "../../../components/auth/auth-forms";
import { ErrorAlert } from "../../../components/ui/error-alert";

export const metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; error?: string }> }) {
  const { next, error } = await searchParams;
  return (
    <section className="card auth-card stack">
      <h1>Sign in</h1>
      <ErrorAlert
        error={
          error &&
          (error === "INVALID_TOKEN" || error === "invalid_token" ? "That link is invalid or has expired." : "Please sign in again.")
        }
      />
      <SignInForm next={next} />
    </section>
  );
}
