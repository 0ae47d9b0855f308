"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import type { AffiliateSettings, RewardLevelRow, RewardSettings } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { trpc } from "../../lib/trpc";
import { ErrorAlert } from "../ui/error-alert";
import { Field } from "../ui/field";
import { SubmitButton } from "../ui/submit-button";
import { useHydrated } from "../ui/use-hydrated";
import { MoneySettingForm } from "./money-setting-form";
import { useRequestKey } from "./request-key";

// The console's reward settings (#39): each kind's switch, the two money settings (through the
// four-eyes rule of money-settings.ts: a loosening waits for a second admin on Approvals) and the
// level table, one level at a time, through setRewardLevel (which checks the order).

export type PackChoice = { slug: string; name: string; price: string };

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;

/** Rakeback and the daily case on or off: at once, logged; what accrued is kept while off. */
export function RewardSwitchesForm({ current }: { current: Pick<RewardSettings, "rakebackEnabled" | "dailyCaseEnabled"> }) {
  const router = useRouter();
  const ready = useHydrated();
  const [requestKey, renewKey] = useRequestKey();
  const [rakeback, setRakeback] = useState(current.rakebackEnabled);
  const [daily, setDaily] = useState(current.dailyCaseEnabled);
  const save = useMutation({
    mutationFn: () => trpc.admin.rewards.setSwitches.mutate({ rakebackEnabled: rakeback, dailyCaseEnabled: daily, requestKey }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };
  return (
    <form className="stack" onSubmit={submit} aria-busy={save.isPending} data-ready={ready} data-testid="reward-switches">
      <fieldset className="stack admin-choice" disabled={!ready}>
        <legend className="visually-hidden">Reward kinds offered</legend>
        <label className="row">
          <input type="checkbox" checked={rakeback} onChange={(event) => setRakeback(event.target.checked)} /> Rakeback accrues and can be
          claimed
        </label>
        <label className="row">
          <input type="checkbox" checked={daily} onChange={(event) => setDaily(event.target.checked)} /> The daily case can be opened
        </label>
      </fieldset>
      <p className="muted small-text">
        Promo codes are switched one by one on the Promo codes page. Switching rakeback off stops its accrual and its claims; what accrued
        is kept for when it is back on.
      </p>
      <div>
        <SubmitButton className="button small" busy={save.isPending} busyText="Saving…" disabled={!ready}>
          Save switches
        </SubmitButton>
      </div>
      <ErrorAlert error={save.error} />
      {save.isSuccess && (
        <p role="status" className="alert success" data-testid="switches-saved">
          Saved: rakeback {save.data.rakebackEnabled ? "on" : "off"}, daily case {save.data.dailyCaseEnabled ? "on" : "off"}.
        </p>
      )}
    </form>
  );
}

/** The daily budget and the daily case's minimum wager (money settings). */
export function RewardMoneySettings({ current }: { current: Pick<RewardSettings, "dailyBudget" | "dailyCaseMinWager"> }) {
  const forms = [
    {
      setting: "reward_daily_budget",
      label: "Reward budget a day ($)",
      value: current.dailyBudget,
      applied: (value: string) => `Saved: rewards may cost ${displayMoney(value)} a day (UTC).`,
      pending: (value: string) => `A raise of the budget to ${displayMoney(value)}`,
    },
    {
      setting: "daily_case_min_wager",
      label: "Daily case: wagered in 7 days at least ($)",
      value: current.dailyCaseMinWager,
      applied: (value: string) => `Saved: the daily case needs ${displayMoney(value)} wagered in the last 7 days.`,
      pending: (value: string) => `A lowering of the daily case's minimum wager to ${displayMoney(value)}`,
    },
  ] as const;
  return (
    <div className="stack" data-testid="reward-money-settings">
      {forms.map((form) => (
        <MoneySettingForm
          key={form.setting}
          label={form.label}
          current={form.value}
          save={async (value, requestKey) => {
            // An empty field is not a zero budget.
            if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) throw new Error(`${form.label.split(" (")[0]}: enter an amount like 1000.00.`);
            return trpc.admin.rewards.setMoneySetting.mutate({ setting: form.setting, value, requestKey });
          }}
          appliedText={form.applied}
          pendingText={form.pending}
        />
      ))}
    </div>
  );
}

/**
 * One level of the table at a time: pick it (or the next one to add), and its threshold, rakeback
 * rate and daily pack are filled in from the table. Checked here for the shape of each field, by
 * setRewardLevel for the order of the thresholds.
 */
export function RewardLevelForm({ levels, packs }: { levels: RewardLevelRow[]; packs: PackChoice[] }) {
  const router = useRouter();
  const id = useId();
  const ready = useHydrated();
  const [requestKey, renewKey] = useRequestKey();
  const next = (levels.at(-1)?.level ?? -1) + 1;
  const fieldsOf = (level: number) => {
    const row = levels.find((candidate) => candidate.level === level);
    return {
      threshold: row?.threshold ?? "",
      rate: row ? (row.rakebackBps / 100).toFixed(2) : "",
      pack: row?.dailyPack?.slug ?? "",
    };
  };
  const [level, setLevel] = useState(levels.length > 1 ? 1 : next);
  const [fields, setFields] = useState(() => fieldsOf(levels.length > 1 ? 1 : next));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: { threshold: string; rakebackBps: number; dailyPack: string | null }) =>
      trpc.admin.rewards.setLevel.mutate({ level, ...input, requestKey }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const choose = (value: number) => {
    setLevel(value);
    setFields(fieldsOf(value));
    setProblem(null);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const threshold = fields.threshold.trim();
    const rate = fields.rate.trim();
    if (!AMOUNT.test(threshold)) return setProblem("Wagered from: enter an amount like 100.00.");
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(rate) || Number(rate) > 50)
      return setProblem("Rakeback: enter a percentage from 0 to 50, like 5.00.");
    setProblem(null);
    save.mutate({ threshold, rakebackBps: Math.round(Number(rate) * 100), dailyPack: fields.pack || null });
  };
  const set = (key: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [key]: value }));
  const inactive = [
    ...new Map(
      levels.flatMap((row) =>
        row.dailyPack && !packs.some((pack) => pack.slug === row.dailyPack?.slug) ? [[row.dailyPack.slug, row.dailyPack] as const] : [],
      ),
    ).values(),
  ];
  return (
    <form className="stack" onSubmit={submit} aria-busy={save.isPending} data-ready={ready} data-testid="reward-level-form" noValidate>
      <fieldset className="contents" disabled={!ready}>
        <legend className="visually-hidden">Level {level}</legend>
        <div className="row admin-filters">
          <div className="field">
            <label htmlFor={`${id}-level`}>Level</label>
            <select id={`${id}-level`} value={level} onChange={(event) => choose(Number(event.target.value))}>
              {levels.map((row) => (
                <option key={row.level} value={row.level}>
                  {row.level}
                </option>
              ))}
              {next <= 100 && <option value={next}>{next} (new)</option>}
            </select>
          </div>
          <Field
            id={`${id}-threshold`}
            label="Wagered from ($)"
            inputMode="decimal"
            maxLength={16}
            value={fields.threshold}
            onValue={set("threshold")}
            disabled={level === 0}
          />
          <Field
            id={`${id}-rate`}
            label="Rakeback (% of the house take)"
            inputMode="decimal"
            maxLength={6}
            value={fields.rate}
            onValue={set("rate")}
          />
          <div className="field">
            <label htmlFor={`${id}-pack`}>Daily case</label>
            <select id={`${id}-pack`} value={fields.pack} onChange={(event) => set("pack")(event.target.value)}>
              <option value="">none at this level</option>
              {packs.map((pack) => (
                <option key={pack.slug} value={pack.slug}>
                  {pack.name} ({displayMoney(pack.price)})
                </option>
              ))}
              {/* A level's pack not on sale now stays choosable: saving the level must not drop it unseen. */}
              {inactive.map((pack) => (
                <option key={pack.slug} value={pack.slug}>
                  {pack.name} (not on sale)
                </option>
              ))}
            </select>
          </div>
          <SubmitButton className="button small" busy={save.isPending} busyText="Saving…">
            Save level {level}
          </SubmitButton>
        </div>
      </fieldset>
      <ErrorAlert error={problem ?? save.error} />
      {save.isSuccess && (
        <p role="status" className="alert success" data-testid="level-saved">
          Saved level {level}.
        </p>
      )}
    </form>
  );
}

/**
 * Creator codes (#39): the commission rate is a money setting (a raise waits for a second admin);
 * the switch, the windows and the welcome reward apply at once, logged (a new window applies to
 * referrals entered from then on).
 */
export function AffiliateSettingsForm({ current, packs }: { current: AffiliateSettings; packs: PackChoice[] }) {
  const router = useRouter();
  const id = useId();
  const ready = useHydrated();
  const [requestKey, renewKey] = useRequestKey();
  const [fields, setFields] = useState({
    enabled: current.affiliateEnabled,
    days: String(current.commissionDays),
    hours: String(current.referralEntryHours),
    pack: current.welcomePack?.slug ?? "",
    openings: String(current.welcomeOpenings),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (input: { commissionDays: number; referralEntryHours: number; welcomeOpenings: number }) =>
      trpc.admin.creators.setSettings.mutate({
        affiliateEnabled: fields.enabled,
        ...input,
        welcomePack: fields.pack || null,
        requestKey,
      }),
    onSuccess: () => {
      renewKey();
      router.refresh();
    },
  });
  const whole = (value: string, min: number, max: number) =>
    /^\d{1,4}$/.test(value.trim()) && +value >= min && +value <= max ? +value : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const commissionDays = whole(fields.days, 1, 3650);
    const referralEntryHours = whole(fields.hours, 1, 720);
    const welcomeOpenings = whole(fields.openings, 0, 10);
    if (commissionDays === null) return setProblem("Commission for: enter a whole number of days from 1 to 3650.");
    if (referralEntryHours === null) return setProblem("Code accepted for: enter a whole number of hours from 1 to 720.");
    if (welcomeOpenings === null) return setProblem("Welcome openings: enter a whole number from 0 to 10.");
    setProblem(null);
    save.mutate({ commissionDays, referralEntryHours, welcomeOpenings });
  };
  const set = (key: "days" | "hours" | "pack" | "openings") => (value: string) => setFields((before) => ({ ...before, [key]: value }));
  const offStale = current.welcomePack && !packs.some((pack) => pack.slug === current.welcomePack?.slug) ? current.welcomePack : null;
  return (
    <div className="stack">
      <MoneySettingForm
        label="Commission (basis points of a referred player's house take)"
        inputMode="numeric"
        current={String(current.commissionBps)}
        save={async (value, key) => {
          // An empty field is not a zero rate.
          if (!/^\d{1,4}$/.test(value)) throw new Error("Commission: enter a whole number of basis points, like 1000.");
          return trpc.admin.rewards.setMoneySetting.mutate({ setting: "commission_bps", value, requestKey: key });
        }}
        appliedText={(value) => `Saved: creators now earn ${(Number(value) / 100).toFixed(2)} % of their players' house take.`}
        pendingText={(value) => `A raise of the commission to ${value.replace(/\.0+$/, "")} basis points`}
      />
      <form className="stack" onSubmit={submit} aria-busy={save.isPending} data-ready={ready} data-testid="affiliate-settings" noValidate>
        <fieldset className="contents" disabled={!ready}>
          <legend className="visually-hidden">Creator codes</legend>
          <label className="row">
            <input
              type="checkbox"
              checked={fields.enabled}
              onChange={(event) => setFields((before) => ({ ...before, enabled: event.target.checked }))}
            />{" "}
            Creator codes can be made, entered and earn commission
          </label>
          <div className="row admin-filters">
            <Field
              id={`${id}-days`}
              label="Commission for (days)"
              inputMode="numeric"
              maxLength={4}
              value={fields.days}
              onValue={set("days")}
            />
            <Field
              id={`${id}-hours`}
              label="Code accepted for (hours after sign-up)"
              inputMode="numeric"
              maxLength={3}
              value={fields.hours}
              onValue={set("hours")}
            />
            <div className="field">
              <label htmlFor={`${id}-pack`}>Welcome pack</label>
              <select id={`${id}-pack`} value={fields.pack} onChange={(event) => set("pack")(event.target.value)}>
                <option value="">no welcome reward</option>
                {packs.map((pack) => (
                  <option key={pack.slug} value={pack.slug}>
                    {pack.name} ({displayMoney(pack.price)})
                  </option>
                ))}
                {offStale && <option value={offStale.slug}>{offStale.name} (not on sale)</option>}
              </select>
            </div>
            <Field
              id={`${id}-openings`}
              label="Welcome openings"
              inputMode="numeric"
              maxLength={2}
              value={fields.openings}
              onValue={set("openings")}
            />
            <SubmitButton className="button small" busy={save.isPending} busyText="Saving…">
              Save creator codes
            </SubmitButton>
          </div>
        </fieldset>
        <ErrorAlert error={problem ?? save.error} />
        {save.isSuccess && (
          <p role="status" className="alert success" data-testid="affiliate-saved">
            Saved: creator codes {save.data.affiliateEnabled ? "on" : "off"}, commission for {save.data.commissionDays} days, welcome{" "}
            {save.data.welcomePack ? `${save.data.welcomeOpenings} × ${save.data.welcomePack.name}` : "none"}.
          </p>
        )}
      </form>
    </div>
  );
}
