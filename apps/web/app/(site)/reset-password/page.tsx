import { ResetPasswordForm } from "../../../components/auth/auth-forms";

export const metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string; error?: string }> }) {
  const { token, error } = await searchParams;
  return (
    <section className="card auth-card stack">
      <h1>Choose a new password</h1>
      {error ? (
        <p className="alert error">This reset link is invalid or has expired. Ask for a new one.</p>
      ) : (
        <ResetPasswordForm token={token} />
      )}
    </section>
  );
}
