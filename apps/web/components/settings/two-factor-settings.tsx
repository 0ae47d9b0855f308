"use client";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import QRCode from "qrcode";
import { authClient } from "@prizepacks/auth/client";
import { ClipboardCopyButton } from "../ui/clipboard-copy-button";
import { ErrorAlert } from "../ui/error-alert";
import { CodeInput } from "../ui/code-input";
import { Field } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";

type Step =
  | { kind: "off" }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[]; fresh: "enabled" | "regenerated" }
  | { kind: "on" };

function fieldOf(event: FormEvent<HTMLFormElement>, name: string): string {
  const value = new FormData(event.currentTarget).get(name);
  return typeof value === "string" ? value : "";
}

const passwordOf = (event: FormEvent<HTMLFormElement>) => fieldOf(event, "password");

/**
 * Two-factor authentication (better-auth's two-factor plugin): turned on with the password, an
 * authenticator app set up from a QR code or the secret typed by hand, confirmed with a code,
 * then the backup codes shown once. When on: new backup codes, or off, each with the password.
 */
export function TwoFactorSettings({ initialEnabled }: { initialEnabled: boolean }) {
  const [step, setStep] = useState<Step>(initialEnabled ? { kind: "on" } : { kind: "off" });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each step replaces the previous one's controls: focus goes to its heading, not to the page's top.
  const moveTo = (next: Step) => {
    setStep(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  return (
    <section className="card stack two-factor" aria-labelledby="two-factor-heading" data-testid="two-factor">
      <h2 id="two-factor-heading" ref={headingRef} tabIndex={-1}>
        Two-factor authentication
      </h2>
      {step.kind === "off" && <TurnOn onStarted={(totpURI, backupCodes) => moveTo({ kind: "scan", totpURI, backupCodes })} />}
      {step.kind === "scan" && (
        <ScanAndConfirm
          totpURI={step.totpURI}
          onConfirmed={() => moveTo({ kind: "codes", backupCodes: step.backupCodes, fresh: "enabled" })}
          onCancel={() => moveTo({ kind: "off" })}
        />
      )}
      {step.kind === "codes" && <BackupCodes codes={step.backupCodes} fresh={step.fresh} onDone={() => moveTo({ kind: "on" })} />}
      {step.kind === "on" && (
        <TurnedOn
          onRegenerated={(backupCodes) => moveTo({ kind: "codes", backupCodes, fresh: "regenerated" })}
          onDisabled={() => moveTo({ kind: "off" })}
        />
      )}
    </section>
  );
}

function PasswordField({ id, hint }: { id: string; hint: string }) {
  return (
    <Field
      id={id}
      label="Password"
      name="password"
      type="password"
      required
      autoComplete="current-password"
      aria-describedby={`${id}-hint`}
      after={
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      }
    />
  );
}

function TurnOn({ onStarted }: { onStarted: (totpURI: string, backupCodes: string[]) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const { data, error: failure } = await authClient.twoFactor.enable({ password: passwordOf(event) });
    setBusy(false);
    if (failure || !data || !("totpURI" in data) || !data.totpURI) return setError(failure?.message ?? "Could not start the set-up.");
    onStarted(data.totpURI, data.backupCodes ?? []);
  }
  return (
    <>
      <p className="status-line" data-testid="two-factor-status">
        <strong>Off.</strong> Turn it on to be asked for a code from an authenticator app (such as Aegis, Google Authenticator or 1Password)
        when you withdraw, add a withdrawal address, and when you sign in.
      </p>
      <form className="form" onSubmit={(event) => void onSubmit(event)}>
        <PasswordField id="two-factor-enable-password" hint="To turn it on, confirm your password." />
        <ErrorAlert error={error} />
        <SubmitButton busy={busy} busyText="Starting…">
          Turn on two-factor authentication
        </SubmitButton>
      </form>
    </>
  );
}

/** The secret as authenticator apps take it by hand: base32, in groups of four. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

function ScanAndConfirm({ totpURI, onConfirmed, onCancel }: { totpURI: string; onConfirmed: () => void; onCancel: () => void }) {
  const [qrCode, setQrCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const secret = secretOf(totpURI);
  useEffect(() => {
    let current = true;
    void QRCode.toString(totpURI, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#000000", light: "#ffffff" } }).then(
      (svg) => current && setQrCode(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => current && setQrCode(null),
    );
    return () => {
      current = false;
    };
  }, [totpURI]);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = fieldOf(event, "code").replace(/\s+/g, "");
    setBusy(true);
    setError(null);
    const { error: failure } = await authClient.twoFactor.verifyTotp({ code });
    setBusy(false);
    if (failure)
      return setError(
        failure.code === "INVALID_CODE"
          ? "That code is not right. Enter the code your app shows now."
          : (failure.message ?? "Could not check the code."),
      );
    onConfirmed();
  }
  return (
    <div className="stack">
      <ol className="two-factor-steps stack">
        <li className="stack">
          <p>Scan this QR code with your authenticator app.</p>
          {qrCode ? (
            <img
              className="two-factor-qr"
              src={qrCode}
              width={200}
              height={200}
              alt="QR code that adds your prizepacks account to an authenticator app"
            />
          ) : (
            <div className="two-factor-qr" aria-hidden="true" />
          )}
          <p className="small-text">Can’t scan it? Enter this key in the app instead (time-based, 6 digits, every 30 seconds):</p>
          <div className="row two-factor-secret">
            <code className="mono break" data-testid="two-factor-secret" aria-label="Set-up key">
              {secret}
            </code>
            <ClipboardCopyButton text={secret.replace(/\s+/g, "")} label="Copy key" />
          </div>
        </li>
        <li>
          <form className="form" onSubmit={(event) => void onSubmit(event)}>
            <CodeInput
              id={codeId}
              label="Then enter the 6-digit code the app shows"
              name="code"
              required
              placeholder={undefined}
              pattern="[0-9 ]{6,7}"
              maxLength={7}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${codeId}-error` : undefined}
              after={<ErrorAlert error={error} inline id={`${codeId}-error`} />}
            />
            <div className="row">
              <SubmitButton busy={busy} busyText="Checking…">
                Confirm and turn on
              </SubmitButton>
              <button className="button ghost" type="button" onClick={onCancel}>
                Cancel
              </button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

function BackupCodes({ codes, fresh, onDone }: { codes: string[]; fresh: "enabled" | "regenerated"; onDone: () => void }) {
  const text = codes.join("\n");
  function download() {
    const url = URL.createObjectURL(new Blob([`prizepacks backup codes (each works once)\n\n${text}\n`], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "prizepacks-backup-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="stack" data-testid="two-factor-backup-codes">
      <p className="alert success" role="status">
        {fresh === "enabled" ? "Two-factor authentication is on." : "New backup codes made: the old ones no longer work."}
      </p>
      <p className="alert warn">
        Save these backup codes somewhere safe: they are shown only now. Each one works once, in place of a code from your app, if you lose
        your phone.
      </p>
      <ul className="two-factor-codes mono" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="row">
        <ClipboardCopyButton text={text} label="Copy codes" className="button" />
        <button type="button" className="button ghost" onClick={download}>
          Download as a text file
        </button>
        <button type="button" className="button ghost" onClick={onDone}>
          I saved them
        </button>
      </div>
    </div>
  );
}

function TurnedOn({ onRegenerated, onDisabled }: { onRegenerated: (codes: string[]) => void; onDisabled: () => void }) {
  const [busy, setBusy] = useState<"codes" | "off" | null>(null);
  const [error, setError] = useState<{ form: "codes" | "off"; message: string } | null>(null);
  async function regenerate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy("codes");
    setError(null);
    const { data, error: failure } = await authClient.twoFactor.generateBackupCodes({ password: passwordOf(event) });
    setBusy(null);
    if (failure || !data) return setError({ form: "codes", message: failure?.message ?? "Could not make new backup codes." });
    onRegenerated(data.backupCodes);
  }
  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy("off");
    setError(null);
    const { error: failure } = await authClient.twoFactor.disable({ password: passwordOf(event) });
    setBusy(null);
    if (failure) return setError({ form: "off", message: failure.message ?? "Could not turn it off." });
    onDisabled();
  }
  return (
    <>
      <p className="status-line" data-testid="two-factor-status">
        <strong>On.</strong> A code from your authenticator app, or a backup code, is asked for when you sign in, add a withdrawal address
        and withdraw.
      </p>
      <div className="two-factor-actions">
        <form className="form" onSubmit={(event) => void regenerate(event)} aria-labelledby="two-factor-codes-heading">
          <h3 id="two-factor-codes-heading">New backup codes</h3>
          <p className="muted small-text">Replaces all your backup codes, used or not.</p>
          <PasswordField id="two-factor-codes-password" hint="Confirm your password." />
          <ErrorAlert error={error?.form === "codes" ? error.message : null} />
          <button className="button ghost" type="submit" disabled={busy !== null}>
            {busy === "codes" ? "Making codes…" : "Make new backup codes"}
          </button>
        </form>
        <form className="form" onSubmit={(event) => void disable(event)} aria-labelledby="two-factor-off-heading">
          <h3 id="two-factor-off-heading">Turn off</h3>
          <p className="muted small-text">Withdrawals need it: while it is off, you cannot withdraw or add a withdrawal address.</p>
          <PasswordField id="two-factor-off-password" hint="Confirm your password." />
          <ErrorAlert error={error?.form === "off" ? error.message : null} />
          <button className="button danger" type="submit" disabled={busy !== null}>
            {busy === "off" ? "Turning off…" : "Turn off two-factor authentication"}
          </button>
        </form>
      </div>
    </>
  );
}
