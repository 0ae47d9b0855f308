"use client";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { authClient } from "@prizepacks/auth/client";
import { ErrorAlert } from "../ui/error-alert";
import { CodeInput } from "../ui/code-input";
import { DateOfBirthField } from "../ui/date-of-birth-field";
import { Field } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";

type Status = { kind: "idle" } | { kind: "busy" } | { kind: "error"; message: string } | { kind: "done"; message: string };

function formValues(event: FormEvent<HTMLFormElement>) {
  return Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
}

const EmailField = () => <Field id="email" label="E-mail" name="email" type="email" required autoComplete="email" />;

const NewPasswordField = ({ id, label }: { id: string; label: string }) => (
  <Field id={id} label={label} name={id} type="password" required minLength={8} maxLength={128} autoComplete="new-password" />
);

function StatusMessage({ status }: { status: Status }) {
  if (status.kind === "error") return <ErrorAlert error={status.message} />;
  if (status.kind === "done")
    return (
      <p className="alert success" role="status">
        {status.message}
      </p>
    );
  return null;
}

/** Only same-site paths are followed after sign-in, never a full URL from the query string. */
export function safeNextPath(next: string | undefined): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/";
}

/** Where a verification link lands: the page the player came from, with the welcome (?welcome=1). */
export function welcomePath(next: string | undefined): string {
  const path = safeNextPath(next);
  return `${path}${path.includes("?") ? "&" : "?"}welcome=1`;
}

/** A refusal about the date of birth (too young, waiting for a review, or not a date) is shown beside that field. */
function isDateOfBirthError(error: { code?: string; message?: string }): boolean {
  return error.code === "UNDER_AGE" || error.code === "AGE_REVIEW_REQUIRED" || (error.message ?? "").startsWith("dateOfBirth:");
}

/** `next`: the page the player came from; the verification link returns there. */
export function SignUpForm({
  outbox,
  minimumAge,
  next,
  referralCode,
}: {
  outbox: boolean;
  minimumAge: number;
  next?: string;
  /** A creator's code from the link the player followed (?ref=). */
  referralCode?: string;
}) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [dateOfBirthError, setDateOfBirthError] = useState<string | null>(null);
  const [referralError, setReferralError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { name, email, password, dateOfBirth, referralCode } = formValues(event);
    setStatus({ kind: "busy" });
    setDateOfBirthError(null);
    setReferralError(null);
    // dateOfBirth is ours, not a better-auth field: the server checks it (handleAuthRequest)
    // before the account exists and stores it (auth.ts's user hook).
    const body = {
      name: name || email!.split("@")[0]!,
      email: email!,
      password: password!,
      dateOfBirth: dateOfBirth!,
      // Ours too (#39): checked before the account exists, entered once it does.
      ...(referralCode?.trim() && { referralCode: referralCode.trim() }),
      callbackURL: welcomePath(next),
    };
    const { error } = await authClient.signUp.email(body);
    if (error && isDateOfBirthError(error)) {
      setDateOfBirthError((error.message ?? "").replace(/^dateOfBirth:\s*/, ""));
      return setStatus({ kind: "idle" });
    }
    if (error && (error.message ?? "").startsWith("referralCode:")) {
      setReferralError((error.message ?? "").replace(/^referralCode:\s*/, ""));
      return setStatus({ kind: "idle" });
    }
    if (error) return setStatus({ kind: "error", message: error.message ?? "Sign-up failed." });
    setStatus({ kind: "done", message: `We sent a verification link to ${email}. Open it to activate your account.` });
  }
  if (status.kind === "done") {
    return (
      <div className="stack">
        <StatusMessage status={status} />
        {outbox && (
          <p className="muted">
            No mail server is configured here: your mail is in the <Link href="/dev/outbox">dev outbox</Link>.
          </p>
        )}
      </div>
    );
  }
  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate={false}>
      <EmailField />
      <Field
        id="password"
        label="Password"
        name="password"
        type="password"
        required
        minLength={8}
        maxLength={128}
        autoComplete="new-password"
        aria-describedby="password-hint"
        after={
          <span id="password-hint" className="hint">
            At least 8 characters.
          </span>
        }
      />
      <DateOfBirthField error={dateOfBirthError} hint={`You must be ${minimumAge} or older. Only you and our support staff can see it.`} />
      {/* Optional, so after what is needed: the e-mail's name stands in until one is chosen. */}
      <Field id="name" label="Display name (optional)" name="name" autoComplete="nickname" maxLength={60} />
      <Field
        id="referralCode"
        label="Creator code (optional)"
        name="referralCode"
        autoComplete="off"
        pattern="[A-Za-z0-9\-]{3,16}"
        maxLength={16}
        defaultValue={referralCode}
        hint="A creator's code gives you free openings after your first deposit. You can also enter one within 24 hours on the rewards page."
        hintId="referralCode-hint"
        aria-invalid={referralError ? true : undefined}
        aria-describedby={referralError ? "referralCode-hint referralCode-error" : "referralCode-hint"}
        after={referralError && <ErrorAlert inline id="referralCode-error" error={referralError} />}
      />
      <StatusMessage status={status} />
      <SubmitButton busy={status.kind === "busy"} busyText="Creating account…">
        Create account
      </SubmitButton>
      <p className="muted small-text">
        Already have an account? <Link href={next ? `/sign-in?next=${encodeURIComponent(safeNextPath(next))}` : "/sign-in"}>Sign in</Link>
      </p>
    </form>
  );
}

/**
 * Sends a fresh verification link to an unverified address. At most 3 verification mails go to
 * one address in 15 minutes (the sign-up's included); a refusal's message says when to try again.
 */
function ResendVerification({ email, next }: { email: string; next?: string }) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  async function resend() {
    setStatus({ kind: "busy" });
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: welcomePath(next) });
    if (error) {
      return setStatus({ kind: "error", message: error.message ?? "Could not send the link." });
    }
    setStatus({ kind: "done", message: `We sent a new verification link to ${email}. It is valid for 24 hours.` });
  }
  return (
    <div className="stack resend-verification">
      <button
        type="button"
        className="button ghost"
        onClick={() => void resend()}
        disabled={status.kind === "busy" || status.kind === "done"}
      >
        {status.kind === "busy" ? "Sending…" : "Send a new verification link"}
      </button>
      <StatusMessage status={status} />
    </div>
  );
}

export function SignInForm({ next }: { next?: string }) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { email, password } = formValues(event);
    setStatus({ kind: "busy" });
    setUnverifiedEmail(null);
    const { data, error } = await authClient.signIn.email({ email: email!, password: password! });
    if (error) {
      if (error.code === "EMAIL_NOT_VERIFIED") {
        setUnverifiedEmail(email!);
        return setStatus({
          kind: "error",
          message: "Your e-mail address is not verified yet. Open the link we sent you, or ask for a new one.",
        });
      }
      return setStatus({ kind: "error", message: error.message ?? "Sign-in failed." });
    }
    // Two-factor authentication is on: the password was right, no session yet; a code opens one.
    if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
      setStatus({ kind: "idle" });
      return setSecondStep(true);
    }
    window.location.href = safeNextPath(next);
  }
  if (secondStep) {
    return (
      <SecondFactorStep
        onSignedIn={() => (window.location.href = safeNextPath(next))}
        onStartOver={(message) => {
          setSecondStep(false);
          setStatus(message ? { kind: "error", message } : { kind: "idle" });
        }}
      />
    );
  }
  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)}>
      <EmailField />
      <Field id="password" label="Password" name="password" type="password" required autoComplete="current-password" />
      <StatusMessage status={status} />
      {unverifiedEmail && <ResendVerification key={unverifiedEmail} email={unverifiedEmail} next={next} />}
      <SubmitButton busy={status.kind === "busy"} busyText="Signing in…">
        Sign in
      </SubmitButton>
      <p className="muted small-text">
        <Link href="/forgot-password">Forgot your password?</Link> · New here?{" "}
        <Link href={next ? `/sign-up?next=${encodeURIComponent(safeNextPath(next))}` : "/sign-up"}>Create an account</Link>
      </p>
    </form>
  );
}

/** better-auth's two-factor errors after which this sign-in cannot go on: the password step again. */
const CHALLENGE_ENDED = new Set(["TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE", "INVALID_TWO_FACTOR_COOKIE"]);

/**
 * The sign-in's second step (better-auth's two-factor plugin): a code from the authenticator app,
 * or one of the backup codes. The challenge lasts 10 minutes and allows 5 tries; after that, or
 * on "Start over", the password step comes back with a word on why.
 */
function SecondFactorStep({ onSignedIn, onStartOver }: { onSignedIn: () => void; onStartOver: (message?: string) => void }) {
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = (formValues(event).code ?? "").trim();
    setStatus({ kind: "busy" });
    const { error } = useBackupCode
      ? await authClient.twoFactor.verifyBackupCode({ code })
      : await authClient.twoFactor.verifyTotp({ code: code.replace(/\s+/g, "") });
    if (!error) return onSignedIn();
    if (error.code && CHALLENGE_ENDED.has(error.code)) {
      return onStartOver("That sign-in has expired or had too many wrong codes. Enter your password again.");
    }
    if (error.code === "INVALID_CODE" || error.code === "INVALID_BACKUP_CODE") {
      return setStatus({
        kind: "error",
        message: useBackupCode
          ? "That backup code is not right, or was used already."
          : "That code is not right, or was used already. Enter the code your app shows now, or wait for its next one.",
      });
    }
    setStatus({ kind: "error", message: error.message ?? "Could not check the code." });
  }
  const label = useBackupCode ? "Backup code" : "Code from your authenticator app";
  return (
    <form
      className="form"
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="second-factor-heading"
      data-testid="second-factor-step"
    >
      <h2 id="second-factor-heading">Two-factor authentication</h2>
      <p className="muted">
        {useBackupCode
          ? "Enter one of the backup codes you saved when you turned two-factor authentication on. Each works once."
          : "Open your authenticator app and enter the 6-digit code it shows for prizepacks."}
      </p>
      <CodeInput
        key={useBackupCode ? "backup" : "totp"}
        id="second-factor-code"
        label={label}
        name="code"
        required
        autoFocus
        placeholder={undefined}
        inputMode={useBackupCode ? "text" : "numeric"}
        spellCheck={false}
        autoCapitalize="off"
      />
      <StatusMessage status={status} />
      <SubmitButton busy={status.kind === "busy"} busyText="Checking…">
        Verify and sign in
      </SubmitButton>
      <p className="muted small-text row">
        <button
          type="button"
          className="button ghost small"
          onClick={() => {
            setUseBackupCode(!useBackupCode);
            setStatus({ kind: "idle" });
          }}
        >
          {useBackupCode ? "Use a code from the app instead" : "Use a backup code instead"}
        </button>
        <button type="button" className="button ghost small" onClick={() => onStartOver()}>
          Start over
        </button>
      </p>
    </form>
  );
}

export function ForgotPasswordForm() {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { email } = formValues(event);
    setStatus({ kind: "busy" });
    const { error } = await authClient.requestPasswordReset({ email: email!, redirectTo: "/reset-password" });
    if (error) return setStatus({ kind: "error", message: error.message ?? "Could not send the reset link." });
    // The same answer whether or not the address has an account, so it reveals nothing.
    setStatus({ kind: "done", message: "If an account uses that address, a reset link is on its way." });
  }
  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)}>
      <EmailField />
      <StatusMessage status={status} />
      <button className="button" type="submit" disabled={status.kind === "busy" || status.kind === "done"}>
        Send reset link
      </button>
    </form>
  );
}

export function ResetPasswordForm({ token }: { token?: string }) {
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  if (!token) return <p className="alert error">This reset link is incomplete or has expired. Ask for a new one.</p>;
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { password, confirm } = formValues(event);
    if (password !== confirm) return setStatus({ kind: "error", message: "The passwords do not match." });
    setStatus({ kind: "busy" });
    const { error } = await authClient.resetPassword({ newPassword: password!, token });
    if (error) return setStatus({ kind: "error", message: error.message ?? "Could not reset the password." });
    setStatus({ kind: "done", message: "Your password was changed. You can sign in with it now." });
  }
  return (
    <form className="form" onSubmit={(event) => void onSubmit(event)}>
      <NewPasswordField id="password" label="New password" />
      <NewPasswordField id="confirm" label="Repeat the new password" />
      <StatusMessage status={status} />
      {status.kind === "done" ? (
        <Link className="button" href="/sign-in">
          Sign in
        </Link>
      ) : (
        <button className="button" type="submit" disabled={status.kind === "busy"}>
          Set new password
        </button>
      )}
    </form>
  );
}
