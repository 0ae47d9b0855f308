"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { centsToMoney, moneyToCents } from "@prizepacks/core/contract";
import { battleCalls } from "../../lib/battle-calls";
import { LAYOUT_LABELS, parseBattleSpec, STATUS_LABELS, type BattlePacksById, type BattleView } from "../../lib/battle-shapes";
import { BattlePackStrip } from "./battle-pack-strip";
import { ErrorAlert } from "../ui/error-alert";
import { Money } from "../ui/money";
import { queryKeys } from "../../lib/trpc";

/** What the viewer took home from a settled battle: the value of the items paid to their seat. */
function wonValue(battle: BattleView): string {
  const seats = new Set(battle.seats.filter((seat) => seat.you).map((seat) => seat.seat));
  const cents = (battle.payouts ?? [])
    .filter((payout) => seats.has(payout.seat))
    .reduce((sum, payout) => sum + moneyToCents(payout.value), 0n);
  return centsToMoney(cents);
}

function BattleResult({ battle }: { battle: BattleView }) {
  if (battle.status === "cancelled") return <span className="muted">Entry refunded</span>;
  if (battle.status !== "settled") return <span className="muted">{STATUS_LABELS[battle.status]}</span>;
  const won = battle.seats.some((seat) => seat.you && seat.team === battle.winnerTeam);
  return won ? (
    <span className="positive">
      Won <Money amount={wonValue(battle)} />
    </span>
  ) : (
    <span className="negative">Lost</span>
  );
}

/** The viewer's battles, newest first: status, entry and result, each linking to its page. */
export function BattleHistory({ packs }: { packs: BattlePacksById }) {
  const mine = useQuery({ queryKey: queryKeys.battles.list({ player: "me" }), queryFn: battleCalls.mine, refetchInterval: 5_000 });
  if (mine.error) return <ErrorAlert error={mine.error} />;
  if (mine.isPending) return <p className="muted">Loading your battles…</p>;
  if (mine.data.length === 0)
    return (
      <p className="empty">
        You have not played a battle yet. <Link href="/battles">Join one</Link> or <Link href="/battles/new">create one</Link>.
      </p>
    );
  return (
    <ul className="battle-history" data-testid="my-battles">
      {mine.data.map((battle) => {
        const spec = parseBattleSpec(battle);
        return (
          <li key={battle.id} className="card battle-history-row">
            <div className="stack battle-history-main">
              <Link href={`/battles/${battle.id}`}>
                {LAYOUT_LABELS[battle.layout]} · {spec.rounds.length} {spec.rounds.length === 1 ? "round" : "rounds"}
              </Link>
              <BattlePackStrip packIds={spec.rounds.map((round) => round.packId)} packs={packs} />
            </div>
            <dl className="facts battle-history-facts">
              <div>
                <dt>Status</dt>
                <dd>{STATUS_LABELS[battle.status]}</dd>
              </div>
              <div>
                <dt>Entry</dt>
                <dd>
                  <Money amount={battle.entry} />
                </dd>
              </div>
              <div>
                <dt>Result</dt>
                <dd>
                  <BattleResult battle={battle} />
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
