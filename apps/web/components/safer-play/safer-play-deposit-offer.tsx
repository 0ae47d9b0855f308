import Link from "next/link";

/** Before the first deposit of an account without limits, whichever way money comes in, Safer play is offered. */
export function SaferPlayDepositOffer() {
  return (
    <p className="alert small-text" data-testid="safer-play-deposit-offer">
      Before your first deposit, you can set a deposit limit, and wager or loss limits, in{" "}
      <Link href="/settings/safer-play?from=wallet">Safer play</Link>.
    </p>
  );
}
