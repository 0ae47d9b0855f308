import type { RouterOutputs } from "@prizepacks/api";
import { displayMoney } from "@prizepacks/core/contract";

type Summary = RouterOutputs["admin"]["accounts"]["summary"];

/** The account's whole history at a glance, at the top of its console page: play, then money in and out. */
export function PlayerSummary({ summary }: { summary: Summary }) {
  const figures: [string, string, string][] = [
    ["Wagered", displayMoney(summary.wagered), "summary-wagered"],
    ["Won", displayMoney(summary.won), "summary-won"],
    ["Net", displayMoney(summary.net), "summary-net"],
    ["Realised return", summary.realisedReturnPercent === null ? "—" : `${summary.realisedReturnPercent}%`, "summary-return"],
    ["Deposits", displayMoney(summary.deposits), "summary-deposits"],
    ["Withdrawals", displayMoney(summary.withdrawals), "summary-withdrawals"],
  ];
  return (
    <section className="stack" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Player summary</h2>
      <p className="muted small-text">
        Since the account opened: {summary.openings.toLocaleString("en-US")} openings, {summary.battles.toLocaleString("en-US")} battles.
        Realised return is won as a share of wagered.
      </p>
      <dl className="facts fact-cards admin-figures" data-testid="player-summary">
        {figures.map(([term, value, testId]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd data-testid={testId} className={term === "Net" && summary.net.startsWith("-") ? "report-negative" : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
