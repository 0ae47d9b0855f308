"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { displayMoney, type WelcomeReward } from "@prizepacks/core/contract";
import { queryKeys, trpc, withIdempotencyKey } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { Field } from "../ui/field";
import { useBusyAction } from "../ui/use-busy-action";

const CODE_PATTERN = "[A-Za-z0-9\\-]{3,16}";

function codeOf(event: FormEvent<HTMLFormElement>): string {
  const value = new FormData(event.currentTarget).get("code");
  return typeof value === "string" ? value.trim() : "";
}

/**
 * A new account's creator code (#39): the field while it may still enter one (24 h from sign-up by
 * default), then the code it entered and its welcome reward, opened once after the first deposit.
 */
export function ReferralPanel() {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: queryKeys.me.referral.get(), queryFn: () => trpc.me.referral.get.query({}) });
  const enter = useBusyAction();
  const welcome = useBusyAction();
  const [opened, setOpened] = useState<WelcomeReward | null>(null);
  const welcomeKey = useRef<string | null>(null);

  if (status.isPending || status.isError) return status.isError ? <ErrorAlert error={status.error} /> : null;
  const { referral, canEnter, enterBefore } = status.data;
  // Nothing to show an account past its window that entered no code.
  if (!referral && !canEnter) return null;

  const refresh = () => {
    for (const queryKey of [queryKeys.me.referral(), queryKeys.wallet(), queryKeys.inventory(), queryKeys.history()])
      void queryClient.invalidateQueries({ queryKey });
  };

  async function onEnter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = codeOf(event);
    await enter.run(async () => {
      await trpc.me.referral.enter.mutate({ code });
      refresh();
    });
  }

  async function openWelcome() {
    welcomeKey.current ??= crypto.randomUUID();
    const key = welcomeKey.current;
    await welcome.run(async () => {
      setOpened(await trpc.me.referral.welcome.mutate({}, withIdempotencyKey(key)));
      welcomeKey.current = null;
      refresh();
    });
  }

  return (
    <section className="card stack" aria-labelledby="rewards-referral">
      <h2 id="rewards-referral">Creator code</h2>
      {referral ? (
        <>
          <p data-testid="referral-entered">
            You entered the creator code <strong>{referral.code}</strong>.
          </p>
          {status.data.offered && referral.welcome.pack && referral.welcome.openings > 0 && (
            <p>
              Welcome reward: {referral.welcome.openings} free opening{referral.welcome.openings === 1 ? "" : "s"} of{" "}
              <strong>{referral.welcome.pack.name}</strong>
              {referral.welcome.claimedAt ? ", opened." : referral.welcome.waitsFor === "deposit" ? ", after your first deposit." : "."}
            </p>
          )}
          {referral.welcome.claimable && (
            <div>
              <button type="button" className="button" onClick={() => void openWelcome()} disabled={welcome.busy} aria-busy={welcome.busy}>
                {welcome.busy ? "Opening…" : "Open the welcome reward"}
              </button>
            </div>
          )}
          <ErrorAlert error={welcome.error} />
          {opened && (
            <p role="status" data-testid="welcome-won">
              You won {opened.openings.map((opening) => `${opening.item.name} (${displayMoney(opening.item.value)})`).join(", ")}; they are
              in your inventory.
            </p>
          )}
        </>
      ) : (
        <form className="form" onSubmit={(event) => void onEnter(event)}>
          <p className="muted">
            Were you sent by a creator? Enter their code
            {enterBefore ? ` before ${new Date(enterBefore).toUTCString()}` : ""}: you get free openings after your first deposit.
          </p>
          <Field id="referral-code" label="Creator code" name="code" required pattern={CODE_PATTERN} maxLength={16} autoComplete="off" />
          <ErrorAlert error={enter.error} />
          <div>
            <button type="submit" className="button" disabled={enter.busy} aria-busy={enter.busy}>
              {enter.busy ? "Entering…" : "Enter code"}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The creator's dashboard (#39): their code (or the form to create one), their referrals as
 * counts (never who), the commission accrued and claimed, and a claim.
 */
export function CreatorPanel() {
  const queryClient = useQueryClient();
  const affiliate = useQuery({ queryKey: queryKeys.affiliate.get(), queryFn: () => trpc.affiliate.get.query({}) });
  const create = useBusyAction();
  const claim = useBusyAction();
  const [claimed, setClaimed] = useState<string | null>(null);
  const claimKey = useRef<string | null>(null);

  if (affiliate.isPending) return <p className="muted">Loading your creator code…</p>;
  if (affiliate.isError) return <ErrorAlert error={affiliate.error} />;
  const data = affiliate.data;
  if (!data.enabled && !data.code) return null;

  const refresh = () => {
    for (const queryKey of [queryKeys.affiliate(), queryKeys.wallet(), queryKeys.me.get()])
      void queryClient.invalidateQueries({ queryKey });
  };

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = codeOf(event);
    await create.run(async () => {
      await trpc.affiliate.createCode.mutate({ code });
      refresh();
    });
  }

  async function onClaim() {
    claimKey.current ??= crypto.randomUUID();
    const key = claimKey.current;
    await claim.run(async () => {
      const result = await trpc.affiliate.claim.mutate({}, withIdempotencyKey(key));
      claimKey.current = null;
      setClaimed(`Claimed ${displayMoney(result.claim.amount)}. New balance ${displayMoney(result.balanceAfter)}.`);
      refresh();
    });
  }

  const percent = (data.commissionBps / 100).toFixed(2);
  return (
    <section className="card stack" aria-labelledby="rewards-creator">
      <h2 id="rewards-creator">Your creator code</h2>
      {!data.offered && data.refusal && (
        <p className="alert" role="status" data-testid="creator-refused">
          {data.refusal.message} What your code has earned is kept for when you can claim it.
        </p>
      )}
      {!data.code ? (
        <>
          <p className="muted">
            Share a code of your own: accounts that enter it get free openings after their first deposit, and you earn {percent} % of the
            house&apos;s expected take on their wagers for {data.commissionDays} days.
          </p>
          {data.canCreate ? (
            <form className="form" onSubmit={(event) => void onCreate(event)}>
              <Field
                id="creator-code"
                label="Your code"
                name="code"
                required
                pattern={CODE_PATTERN}
                minLength={3}
                maxLength={16}
                autoComplete="off"
                hint="3 to 16 letters, digits or -."
                hintId="creator-code-hint"
              />
              <ErrorAlert error={create.error} />
              <div>
                <button type="submit" className="button" disabled={create.busy} aria-busy={create.busy}>
                  {create.busy ? "Creating…" : "Create code"}
                </button>
              </div>
            </form>
          ) : (
            <p className="muted">Verify your e-mail address to create a code.</p>
          )}
        </>
      ) : (
        <>
          <p>
            <span className="money-large" data-testid="creator-code">
              {data.code.code}
            </span>
            {data.code.disabled && <span className="muted"> · disabled by the operator</span>}
          </p>
          <p className="muted">
            You earn {percent} % of the house&apos;s expected take on each referred account&apos;s wagers for {data.commissionDays} days.
          </p>
          <dl className="creator-stats">
            <div>
              <dt>Referrals</dt>
              <dd data-testid="creator-referrals">{data.referrals.count}</dd>
            </div>
            <div>
              <dt>Still earning</dt>
              <dd>{data.referrals.earning}</dd>
            </div>
            <div>
              <dt>Played in 30 days</dt>
              <dd>{data.referrals.active}</dd>
            </div>
            <div>
              <dt>Accrued</dt>
              <dd>{displayMoney(data.commission.accrued)}</dd>
            </div>
            <div>
              <dt>Claimed</dt>
              <dd>{displayMoney(data.commission.claimed)}</dd>
            </div>
          </dl>
          <table className="table creator-deposits">
            <caption className="muted">Referrals by what they deposited</caption>
            <thead>
              <tr>
                <th scope="col">Deposited</th>
                <th scope="col">Referrals</th>
              </tr>
            </thead>
            <tbody>
              {data.referrals.deposits.map((bucket) => (
                <tr key={bucket.bucket}>
                  <td>{bucket.bucket}</td>
                  <td>{bucket.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <span className="money-large" data-testid="commission-available">
              {displayMoney(data.commission.available)}
            </span>{" "}
            <span className="muted">of commission available</span>
          </p>
          <div>
            <button
              type="button"
              className="button"
              onClick={() => void onClaim()}
              disabled={claim.busy || !data.offered || !data.enabled || Number(data.commission.available) < 0.01}
              aria-busy={claim.busy}
            >
              {claim.busy ? "Claiming…" : "Claim commission"}
            </button>
          </div>
          <ErrorAlert error={claim.error} />
          {claimed && (
            <p role="status" data-testid="commission-claimed">
              {claimed}
            </p>
          )}
          {data.claims.length > 0 && (
            <ul className="muted small-text">
              {data.claims.map((item) => (
                <li key={item.id}>
                  {new Date(item.createdAt).toUTCString()}: {displayMoney(item.amount)}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
