"use client";
import { useEffect, useId, useState, type FormEvent } from "react";
import { rollUpgrade, sha256Hex, UPGRADE_RECIPE } from "@prizepacks/fairness";
import { ErrorAlert } from "../ui/error-alert";

/** Values from a link ("Verify this upgrade", a history row): the recorded ticket gives a verdict. */
export interface UpgradeVerifierPrefill {
  serverSeed?: string;
  serverSeedHash?: string;
  clientSeed?: string;
  nonce?: string;
  chanceTickets?: string;
  ticket?: string;
}

interface Outcome {
  seedHash: string;
  expectedHash: string | null;
  message: string;
  hash: string;
  ticket: number;
  chanceTickets: number;
  won: boolean;
  recordedTicket: number | null;
}

const WHOLE = /^\d{1,15}$/;

/** Recomputes an upgrade's roll (upgrade/v1) in the browser with the server's own code; nothing is sent anywhere. */
export function UpgradeVerifier({ prefill }: { prefill: UpgradeVerifierPrefill }) {
  const id = useId();
  const [serverSeed, setServerSeed] = useState(prefill.serverSeed ?? "");
  const [clientSeed, setClientSeed] = useState(prefill.clientSeed ?? "");
  const [nonce, setNonce] = useState(prefill.nonce ?? "0");
  const [chanceTickets, setChanceTickets] = useState(prefill.chanceTickets ?? "");
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recordedTicket = prefill.ticket && WHOLE.test(prefill.ticket) ? Number(prefill.ticket) : null;

  async function verify() {
    setError(null);
    if (!serverSeed) return setError("Enter the server seed (revealed when the seed pair is rotated).");
    if (!clientSeed) return setError("Enter the client seed.");
    if (!WHOLE.test(nonce.trim())) return setError("The nonce is a whole number.");
    const chance = Number(chanceTickets.trim());
    if (!WHOLE.test(chanceTickets.trim()) || chance > 100_000) return setError("The chance is a whole number of tickets, 0 to 100000.");
    try {
      const nonceNumber = Number(nonce.trim());
      const [seedHash, roll] = await Promise.all([sha256Hex(serverSeed), rollUpgrade({ serverSeed, clientSeed, nonce: nonceNumber })]);
      setOutcome({
        seedHash,
        expectedHash: prefill.serverSeedHash?.toLowerCase() ?? null,
        message: `${clientSeed}:${nonceNumber}:upgrade`,
        hash: roll.hash,
        ticket: roll.ticket,
        chanceTickets: chance,
        won: roll.ticket <= chance,
        recordedTicket,
      });
    } catch (caught) {
      setOutcome(null);
      setError(caught instanceof Error ? caught.message : "The roll could not be computed.");
    }
  }

  useEffect(() => {
    if (prefill.serverSeed && prefill.clientSeed && prefill.nonce && prefill.chanceTickets) void verify();
    // Only on mount: a link's values verify at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void verify();
  }

  const seedMatches = outcome?.expectedHash ? outcome.expectedHash === outcome.seedHash : null;

  return (
    <div className="stack">
      {recordedTicket !== null && !prefill.serverSeed && (
        <p className="alert info" data-testid="upgrade-verify-seed-secret">
          This upgrade&apos;s server seed is still secret: it is revealed when you rotate your seed pair (Your seeds, above). Then paste it
          here: the roll must give ticket {recordedTicket}.
        </p>
      )}
      <form className="form fairness-verifier-form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-server-seed`}>Server seed</label>
          <input
            id={`${id}-server-seed`}
            className="mono"
            value={serverSeed}
            onChange={(event) => setServerSeed(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-client-seed`}>Client seed</label>
          <input
            id={`${id}-client-seed`}
            className="mono"
            value={clientSeed}
            onChange={(event) => setClientSeed(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="row fairness-verifier-pair">
          <div className="field">
            <label htmlFor={`${id}-nonce`}>Nonce</label>
            <input
              id={`${id}-nonce`}
              inputMode="numeric"
              value={nonce}
              onChange={(event) => setNonce(event.target.value)}
              autoComplete="off"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-chance`}>Chance (tickets of 100000)</label>
            <input
              id={`${id}-chance`}
              inputMode="numeric"
              value={chanceTickets}
              onChange={(event) => setChanceTickets(event.target.value)}
              autoComplete="off"
            />
          </div>
        </div>
        <ErrorAlert error={error} />
        <button className="button" type="submit">
          Verify the upgrade
        </button>
      </form>
      <div aria-live="polite">
        {outcome && (
          <section className="fairness-result stack" aria-labelledby={`${id}-result`} data-testid="upgrade-verify-result">
            <h3 id={`${id}-result`}>Verification result ({UPGRADE_RECIPE})</h3>
            {outcome.recordedTicket !== null && (
              <p className={`alert fairness-verdict ${outcome.recordedTicket === outcome.ticket ? "success" : "error"}`} role="status">
                {outcome.recordedTicket === outcome.ticket
                  ? `Confirmed: the seeds give ticket ${outcome.ticket}, the ticket the upgrade recorded.`
                  : `Does not match: the seeds give ticket ${outcome.ticket}, the upgrade recorded ${outcome.recordedTicket}.`}
              </p>
            )}
            <dl className="fairness-dl">
              <dt>SHA-256 of the server seed</dt>
              <dd className="mono break">
                {outcome.seedHash}{" "}
                {seedMatches !== null && (
                  <span className={seedMatches ? "fairness-badge positive" : "fairness-badge negative"}>
                    {seedMatches ? "✓ Matches the hash shown" : "✗ Not the hash shown"}
                  </span>
                )}
              </dd>
              <dt>HMAC message</dt>
              <dd className="mono break">{outcome.message}</dd>
              <dt>HMAC-SHA256 hash</dt>
              <dd className="mono break" data-testid="upgrade-verify-hash">
                {outcome.hash}
              </dd>
              <dt>Ticket (1 … 100000)</dt>
              <dd className="num fairness-result-number" data-testid="upgrade-verify-ticket">
                {outcome.ticket}
              </dd>
              <dt>Outcome</dt>
              <dd data-testid="upgrade-verify-outcome">
                {outcome.won ? "Won" : "Lost"}: ticket {outcome.ticket} {outcome.won ? "≤" : ">"} {outcome.chanceTickets}
              </dd>
            </dl>
          </section>
        )}
      </div>
    </div>
  );
}
