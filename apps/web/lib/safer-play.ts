// Plain words for the limits and breaks of Safer play, shared by its page, the pack page's
// refusals and the wallet's offer (no "use client": server pages use them too).

export const SAFER_PLAY_PATH = "/settings/safer-play";

export const LIMIT_KIND_LABELS: Record<string, { name: string; counts: string }> = {
  deposit: { name: "Deposit", counts: "what you deposit" },
  wager: { name: "Wager", counts: "what you pay for openings" },
  loss: { name: "Loss", counts: "what you pay for openings minus what the items you win are worth" },
};

export const LIMIT_PERIOD_LABELS: Record<string, { per: string; window: string }> = {
  day: { per: "a day", window: "the last 24 hours" },
  week: { per: "a week", window: "the last 7 days" },
  month: { per: "a month", window: "the last 30 days" },
};

/** "loss limit a day": how a limit is named in sentences. */
export function limitName(kind: string, period: string): string {
  return `${(LIMIT_KIND_LABELS[kind]?.name ?? kind).toLowerCase()} limit ${LIMIT_PERIOD_LABELS[period]?.per ?? `a ${period}`}`;
}

export const TIMEOUT_OPTIONS = [
  { period: "24h", label: "24 hours" },
  { period: "7d", label: "7 days" },
  { period: "30d", label: "30 days" },
  { period: "6w", label: "6 weeks" },
] as const;

export const SELF_EXCLUSION_OPTIONS = [
  { period: "6m", label: "6 months" },
  { period: "1y", label: "1 year" },
  { period: "5y", label: "5 years" },
  { period: "permanent", label: "Permanently" },
] as const;

export function exclusionPeriodLabel(period: string): string {
  return [...TIMEOUT_OPTIONS, ...SELF_EXCLUSION_OPTIONS].find((option) => option.period === period)?.label ?? period;
}

/** "1 h 05 min", "12 min": a length of time played. */
export function playedTime(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${String(minutes % 60).padStart(2, "0")} min` : `${minutes} min`;
}
