import { ForgotPasswordForm } from "../../../components/auth/auth-forms";

export const metadata = { title: "Forgot password" };

export default function ForgotPasswordPage() {
  return (
    <section className="card auth-card stack">
      <h1>Reset your password</h1>
      <p className="muted">Enter your account&apos;s e-mail address and we will send you a link to choose a new password.</p>
      <ForgotPasswordForm />
    </section>
  );
}
