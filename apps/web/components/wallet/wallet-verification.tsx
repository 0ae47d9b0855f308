"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import type { Verification } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { verificationStatusText, withoutVerifyPath } from "../../lib/verification";
import { ErrorAlert } from "../ui/error-alert";
import { SubmitButton } from "../ui/submit-button";
import { useHydrated } from "../ui/use-hydrated";

const SDK_CONTAINER_ID = "sumsub-websdk-container";

/** A fresh WebSDK token: the same start call (the applicant is kept, a new token handed out). */
async function freshAccessToken(): Promise<string> {
  const { accessToken } = await trpc.me.verification.start.mutate();
  if (!accessToken) throw new Error("The identity check needs no token any more.");
  return accessToken;
}

/**
 * Wallet → Identity check (#37), at /wallet#verification: where the check stands in words, what
 * waits on it and why, the reviewer's note and labels when documents were sent back or refused,
 * and "Verify your identity". With a provider, that mounts Sumsub's WebSDK (its own iframe, fed a
 * token from our server, renewed through the same call when it expires); in demo mode the one
 * call completes a demo check at once, and the section says no identity was verified.
 */
export function WalletVerification({ initial, available }: { initial: Verification; available: boolean }) {
  const router = useRouter();
  const [latest, setLatest] = useState<Verification | null>(null);
  const [accessToken, setAccessToken] = useState<string | null>(null);
  const [sdkError, setSdkError] = useState<string | null>(null);
  const verification = latest ?? initial;
  // A click before hydration would do nothing: the button waits for React.
  const hydrated = useHydrated();
  const start = useMutation({
    mutationFn: () => trpc.me.verification.start.mutate(),
    onSuccess: (result) => {
      setLatest(result.verification);
      setAccessToken(result.accessToken);
      // The withdrawal form and the rest of the wallet read the check on the server.
      router.refresh();
    },
  });

  useEffect(() => {
    if (!accessToken) return;
    let sdk: { destroy(): void } | null = null;
    let cancelled = false;
    // Loaded only when a check is started: nobody else downloads the SDK.
    void import("@sumsub/websdk").then(({ default: snsWebSdk }) => {
      if (cancelled) return;
      const reload = () =>
        void trpc.me.verification.get.query().then((now) => {
          setLatest(now);
          router.refresh();
        });
      const built = snsWebSdk
        .init(accessToken, freshAccessToken)
        .withConf({ lang: document.documentElement.lang || "en" })
        .withOptions({ addViewportTag: false, adaptIframeHeight: true })
        .on("idCheck.onApplicantSubmitted", reload)
        .on("idCheck.onApplicantResubmitted", reload)
        .on("idCheck.onApplicantStatusChanged", reload)
        .on("idCheck.onError", (error) => setSdkError(`The identity check could not go on (${error.code}). Please try again.`))
        .build();
      built.launch(`#${SDK_CONTAINER_ID}`);
      sdk = built;
    });
    return () => {
      cancelled = true;
      sdk?.destroy();
    };
  }, [accessToken, router]);

  const { status } = verification;
  const canStart = available && (status === "none" || status === "pending" || status === "retry");
  const refused = status === "retry" || status === "rejected";
  return (
    <section
      id="verification"
      className="card stack wallet-verification"
      aria-labelledby="verification-heading"
      data-testid="wallet-verification"
    >
      <h2 id="verification-heading">Identity check</h2>
      <p data-testid="verification-status">
        <strong>{verificationStatusText(status, verification.demo)}</strong>
      </p>
      {verification.requirements.length > 0 && (
        <ul className="stack small-text" data-testid="verification-requirements">
          {verification.requirements.map((requirement) => (
            <li key={requirement.requiredFor}>{withoutVerifyPath(requirement.message)}</li>
          ))}
        </ul>
      )}
      {refused && (verification.reason || verification.rejectLabels.length > 0) && (
        <div className="stack small-text" data-testid="verification-review">
          {verification.reason && <p>The reviewer says: {verification.reason}</p>}
          {verification.rejectLabels.length > 0 && <p className="muted">Codes: {verification.rejectLabels.join(", ")}</p>}
        </div>
      )}
      {status === "none" && verification.requirements.length === 0 && (
        <p className="muted small-text">Withdrawals need a verified identity; you can do the check now or before your first withdrawal.</p>
      )}
      {!available && status !== "verified" && (
        <p className="muted small-text">Identity checks are not available yet: no verification provider is set up.</p>
      )}
      {canStart && !accessToken && (
        <div className="row">
          <SubmitButton busy={start.isPending} disabled={!hydrated} onClick={() => start.mutate()} type="button">
            {status === "none" ? "Verify your identity" : "Continue your identity check"}
          </SubmitButton>
        </div>
      )}
      {start.data && start.data.accessToken === null && (
        <p role="status" className="alert success" data-testid="verification-demo-done">
          Demo check complete: in demo mode nobody&apos;s identity is checked, and withdrawals are open.
        </p>
      )}
      {accessToken && <div id={SDK_CONTAINER_ID} className="wallet-verification-sdk" />}
      <ErrorAlert error={start.error ?? sdkError} />
    </section>
  );
}
