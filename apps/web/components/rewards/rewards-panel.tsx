"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { displayMoney, type DailyCaseResult } from "@prizepacks/core/contract";
import { buildReelStrip, REEL_WIN_INDEX, type ReelItem } from "../../lib/reel-strip";
import { queryKeys, trpc, withIdempotencyKey } from "../../lib/trpc";
import { PackReel } from "../packs/pack-reel";
import { ErrorAlert } from "../ui/error-alert";
import { useBusyAction } from "../ui/use-busy-action";
import { PromoCodeRedeem } from "./promo-code-redeem";

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The account's level bar, its rakeback with a claim, and the daily case with the pack page's reel. */
export function RewardsPanel() {
  const queryClient = useQueryClient();
  const rewards = useQuery({ queryKey: queryKeys.rewards.get(), queryFn: () => trpc.rewards.get.query({}) });
  const claim = useBusyAction();
  const daily = useBusyAction();
  const [claimed, setClaimed] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ result: DailyCaseResult; strip: ReelItem[] | null; landed: boolean } | null>(null);
  // One key per attempt: a retry of a lost answer credits once.
  const claimKey = useRef<string | null>(null);

  const refresh = () => {
    for (const queryKey of [queryKeys.rewards(), queryKeys.me.get(), queryKeys.wallet(), queryKeys.inventory(), queryKeys.history()])
      void queryClient.invalidateQueries({ queryKey });
  };

  const onLanded = useCallback(() => setOpened((current) => (current ? { ...current, landed: true } : current)), []);

  if (rewards.isPending) return <p className="muted">Loading your rewards…</p>;
  if (rewards.isError) return <ErrorAlert error={rewards.error} />;
  const data = rewards.data;
  const levelFloor = data.levels.find((level) => level.level === data.level)?.threshold ?? "0.00";
  const span = data.nextLevel ? Number(data.nextLevel.threshold) - Number(levelFloor) : 1;
  const progress = data.nextLevel ? Math.min(1, Math.max(0, (Number(data.wagered) - Number(levelFloor)) / span)) : 1;

  async function claimRakeback() {
    claimKey.current ??= crypto.randomUUID();
    const key = claimKey.current;
    await claim.run(async () => {
      const result = await trpc.rewards.claimRakeback.mutate({}, withIdempotencyKey(key));
      claimKey.current = null;
      setClaimed(`Claimed ${displayMoney(result.claim.amount)}. New balance ${displayMoney(result.balanceAfter)}.`);
      refresh();
    });
  }

  async function openDaily() {
    const slug = data.dailyCase.pack?.slug;
    if (!slug) return;
    await daily.run(async () => {
      const [result, pack] = await Promise.all([trpc.rewards.openDaily.mutate({}), trpc.packs.get.query({ idOrSlug: slug })]);
      const items: ReelItem[] = pack.items.map(({ id, name, rarity, value, image, chance }) => ({
        id,
        name,
        rarity,
        value,
        image,
        chance,
      }));
      const won = items.find((item) => item.id === result.item.id) ?? { ...result.item, chance: 0 };
      const reduced = prefersReducedMotion();
      setOpened({ result, strip: reduced ? null : buildReelStrip(items, won), landed: reduced });
      refresh();
    });
  }

  return (
    <div className="stack">
      {!data.offered && data.refusal && (
        <p className="alert" role="status" data-testid="rewards-refused">
          {data.refusal.message}
        </p>
      )}

      <section className="card stack" aria-labelledby="rewards-level">
        <h2 id="rewards-level">Level {data.level}</h2>
        <progress
          className="level-bar"
          max={1}
          value={progress}
          aria-label={data.nextLevel ? `Progress to level ${data.nextLevel.level}` : "Top level reached"}
          data-testid="level-bar"
        />
        <p className="muted">
          {displayMoney(data.wagered)} wagered.{" "}
          {data.nextLevel
            ? `${displayMoney(data.nextLevel.remaining)} more to level ${data.nextLevel.level}.`
            : "You are at the top level."}
        </p>
      </section>

      <section className="card stack" aria-labelledby="rewards-rakeback">
        <h2 id="rewards-rakeback">Rakeback</h2>
        <p>
          <span className="money-large" data-testid="rakeback-available">
            {displayMoney(data.rakeback.available)}
          </span>{" "}
          <span className="muted">available · {(data.rakeback.rateBps / 100).toFixed(2)} % of the expected house take at your level</span>
        </p>
        <div>
          <button
            type="button"
            className="button"
            onClick={() => void claimRakeback()}
            disabled={claim.busy || !data.offered || !data.rakeback.enabled || Number(data.rakeback.available) < 0.01}
            aria-busy={claim.busy}
          >
            {claim.busy ? "Claiming…" : "Claim rakeback"}
          </button>
        </div>
        <ErrorAlert error={claim.error} />
        {claimed && (
          <p role="status" data-testid="rakeback-claimed">
            {claimed}
          </p>
        )}
      </section>

      <section className="card stack" aria-labelledby="rewards-daily">
        <h2 id="rewards-daily">Daily case</h2>
        {data.dailyCase.pack ? (
          <p>
            Today&apos;s case at your level: <strong>{data.dailyCase.pack.name}</strong>, one free opening every 24 hours, drawn and
            verified like any opening.
          </p>
        ) : (
          <p className="muted">No daily case at your level {data.offered ? "yet" : "now"}.</p>
        )}
        <ul className="muted small-text">
          <li>E-mail verified: {data.dailyCase.requirements.emailVerified ? "yes" : "no"}</li>
          <li>Date of birth confirmed: {data.dailyCase.requirements.ageConfirmed ? "yes" : "no"}</li>
          <li>
            Wagered in 7 days: {displayMoney(data.dailyCase.requirements.wagered7d)} of{" "}
            {displayMoney(data.dailyCase.requirements.minWager7d)}
          </li>
          {data.dailyCase.nextAt && <li>Next one: {new Date(data.dailyCase.nextAt).toUTCString()}</li>}
        </ul>
        <div>
          <button
            type="button"
            className="button"
            onClick={() => void openDaily()}
            disabled={daily.busy || !data.dailyCase.eligible}
            aria-busy={daily.busy}
          >
            {daily.busy ? "Opening…" : "Open the daily case"}
          </button>
        </div>
        <ErrorAlert error={daily.error} />
        {opened?.strip && (
          <PackReel
            strip={opened.strip}
            winIndex={REEL_WIN_INDEX}
            landed={opened.landed}
            skip={false}
            compact={false}
            moment={opened.result.item.rarity === "LEGENDARY"}
            onLanded={onLanded}
          />
        )}
        {opened?.landed && (
          <p role="status" data-testid="daily-won">
            You won {opened.result.item.name} ({displayMoney(opened.result.item.value)}); it is in your inventory.
          </p>
        )}
      </section>

      <PromoCodeRedeem offered={data.offered} />
    </div>
  );
}
