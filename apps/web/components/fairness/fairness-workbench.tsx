"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { FairnessVerifier, type VerifierPack, type VerifierPrefill } from "./fairness-verifier";
import { SeedPairPanel } from "./seed-pair-panel";
import type { FairnessState } from "./seed-pair-summary";

/**
 * The seed controls and the verifier side by side: "Verify these draws" on a revealed pair
 * refills the verifier (re-keyed, so it starts over with the new values and runs at once).
 */
export function FairnessWorkbench({
  initialSeeds,
  seedsFallback,
  packs,
  prefill,
}: {
  initialSeeds: FairnessState | null;
  seedsFallback: ReactNode;
  packs: VerifierPack[];
  prefill: VerifierPrefill;
}) {
  const [verifier, setVerifier] = useState({ key: 0, prefill });
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The pack chosen in the verifier survives a refill: the revealed pair does not say which pack was opened.
  const packRef = useRef(prefill.pack);

  useEffect(() => {
    if (verifier.key === 0) return;
    headingRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    headingRef.current?.focus({ preventScroll: true });
  }, [verifier.key]);

  return (
    <div className="grid-2 fairness-workbench">
      <section className="card stack" aria-labelledby="fairness-seeds-title">
        <h2 id="fairness-seeds-title">Your seeds</h2>
        {initialSeeds ? (
          <SeedPairPanel
            initialSeeds={initialSeeds}
            onVerify={(next) => setVerifier((current) => ({ key: current.key + 1, prefill: { ...next, pack: packRef.current } }))}
          />
        ) : (
          seedsFallback
        )}
      </section>
      <section className="card stack" aria-labelledby="fairness-verify-title" id="verify">
        <h2 id="fairness-verify-title" ref={headingRef} tabIndex={-1}>
          Verify a draw
        </h2>
        <p className="small-text muted">
          Runs entirely in your browser with the same code as the server: nothing you enter here is sent anywhere.
        </p>
        <FairnessVerifier
          key={verifier.key}
          packs={packs}
          prefill={verifier.prefill}
          onPackChange={(slug) => {
            packRef.current = slug;
          }}
        />
      </section>
    </div>
  );
}
