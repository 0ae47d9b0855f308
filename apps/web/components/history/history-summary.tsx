import type { HistorySummary } from "@prizepacks/core";
import { Money } from "../ui/money";

/**
 * Totals: over every game (openings and battles), or over one pack's openings (a battle is of
 * several packs): how many, paid, won and the net.
 */
export function HistorySummaryPanel({ summary, packName }: { summary: HistorySummary; packName: string | null }) {
  return (
    <section className="card history-summary" aria-labelledby="history-summary-title">
      <h2 id="history-summary-title" className="history-summary-title">
        {packName ? `Totals for ${packName}` : "Totals, every game"}
      </h2>
      <dl className="facts history-summary-figures">
        <div>
          <dt>Openings</dt>
          <dd className="num" data-testid="history-total-openings">
            {summary.openings.toLocaleString("en-US")}
          </dd>
        </div>
        {packName === null && (
          <div>
            <dt>Battles</dt>
            <dd className="num" data-testid="history-total-battles">
              {summary.battles.toLocaleString("en-US")}
            </dd>
          </div>
        )}
        <div>
          <dt>Paid</dt>
          <dd data-testid="history-total-paid">
            <Money amount={summary.paid} />
          </dd>
        </div>
        <div>
          <dt>Won</dt>
          <dd data-testid="history-total-won">
            <Money amount={summary.won} />
          </dd>
        </div>
        <div>
          <dt>Net</dt>
          <dd data-testid="history-total-net">
            <Money amount={summary.net} signed />
          </dd>
        </div>
      </dl>
    </section>
  );
}
