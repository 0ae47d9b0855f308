import Link from "next/link";
import { demoDepositsEnabled, depositEnv } from "@prizepacks/core";
import { WelcomeDeposit } from "../wallet/welcome-deposit";

/**
 * What a player sees where the verification link brought them back (?welcome=1): welcome, a way
 * to add funds there and then (a one-tap demo deposit, or the wallet with a way back here), and
 * limits before the first deposit.
 */
export function WelcomeNotice({ back }: { back: string }) {
  const demo = !depositEnv().btcpay && demoDepositsEnabled();
  const wallet = back === "/" ? "/wallet" : `/wallet?back=${encodeURIComponent(back)}`;
  return (
    <section className="alert success stack welcome-notice" role="status" data-testid="welcome">
      <p className="welcome-heading">Your e-mail is verified. Welcome!</p>
      {demo ? (
        <WelcomeDeposit />
      ) : (
        <p>
          <Link className="button" href={wallet}>
            Add funds
          </Link>
        </p>
      )}
      <p className="small-text">
        Before you play, you can set deposit, wager and loss limits: <Link href="/settings/safer-play?welcome=1">Set limits</Link>.
      </p>
    </section>
  );
}
