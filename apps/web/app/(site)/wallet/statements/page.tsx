import Link from "next/link";
import { MonthlyStatementInputSchema, monthOf } from "@prizepacks/core";
import { Money } from "../../../../components/ui/money";
import { StatementDownloadForm } from "../../../../components/wallet/statement-download-form";
import { requireViewer, serverApi } from "../../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "Statements" };

/** YYYY-MM, `months` away from the given one. */
function shiftMonth(month: string, months: number): string {
  const date = new Date(`${month}-01T00:00:00.000Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return monthOf(date);
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

export default async function StatementsPage({ searchParams }: { searchParams: Promise<{ month?: string }> }) {
  await requireViewer("/wallet/statements");
  const asked = (await searchParams).month;
  const valid = asked === undefined || MonthlyStatementInputSchema.safeParse({ month: asked }).success;
  const current = monthOf(new Date());
  const month = valid && asked ? asked : current;
  const statement = await (await serverApi()).me.statements.get({ month });
  const lastDay = new Date(Date.parse(statement.to) - 86_400_000).toISOString().slice(0, 10);
  const figures: Array<[string, string, boolean?]> = [
    ["Wagered", statement.wagered],
    ["Of which battles", statement.battles],
    ["Won", statement.won],
    ["Net", statement.net, true],
    ["Deposits", statement.deposits],
    ["Withdrawals", statement.withdrawals],
    ["Item sales", statement.sales],
    ["Shipping fees", statement.shipping],
    ["Adjustments", statement.adjustments, true],
    ["Rewards", statement.rewards, true],
    ["Opening balance", statement.openingBalance],
    ["Closing balance", statement.closingBalance],
  ];
  return (
    <>
      <div className="page-header">
        <h1>Statements</h1>
        <Link href="/wallet" className="small-text">
          Back to the wallet
        </Link>
      </div>
      <div className="stack statements">
        <section className="card stack" aria-labelledby="statement-heading">
          <div className="row statement-head">
            <h2 id="statement-heading">{monthName(month)}</h2>
            <form className="row statement-month-form" action="/wallet/statements">
              <label htmlFor="statement-month" className="label">
                Month
              </label>
              <input id="statement-month" type="month" name="month" defaultValue={month} max={current} required />
              <button className="button small">Show</button>
            </form>
          </div>
          {!valid && (
            <p role="alert" className="alert error">
              month must be a month as YYYY-MM, e.g. {current}; showing this month instead.
            </p>
          )}
          <dl className="facts fact-cards statement-figures" data-testid="statement-figures">
            {figures.map(([label, amount, signed]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  <Money amount={amount} signed={signed === true} />
                </dd>
              </div>
            ))}
          </dl>
          <p className="muted small-text">
            {statement.openings} {statement.openings === 1 ? "opening" : "openings"} in {monthName(month)} (UTC). Wagered is what every game
            cost: packs opened and battle entries, less entries given back. Won counts each item won, in openings and battles, at its value
            when it was won; net is won minus wagered. Items go to your inventory: the balance moves by the opening balance plus deposits,
            item sales, adjustments and rewards, less withdrawals, shipping fees and wagered, which is the closing balance.
          </p>
          <nav aria-label="Other months" className="row">
            <Link href={`/wallet/statements?month=${shiftMonth(month, -1)}`} className="button ghost small">
              Previous month
            </Link>
            {month < current && (
              <Link href={`/wallet/statements?month=${shiftMonth(month, 1)}`} className="button ghost small">
                Next month
              </Link>
            )}
          </nav>
        </section>
        <StatementDownloadForm defaultFrom={statement.from.slice(0, 10)} defaultTo={lastDay} />
      </div>
    </>
  );
}
