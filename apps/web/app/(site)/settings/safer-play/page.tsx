import Link from "next/link";
import { RealityCheckSetting } from "../../../../components/safer-play/reality-check-setting";
import { SaferPlayBreak } from "../../../../components/safer-play/safer-play-break";
import { SaferPlayLimits } from "../../../../components/safer-play/safer-play-limits";
import { SettingsNav } from "../../../../components/settings/settings-nav";
import { requireViewer, serverApi } from "../../../../lib/server-api";
import { PageHeader } from "../../../../components/ui/page-header";
import { SAFER_PLAY_TEXT } from "../../../../lib/safer-play";

export const metadata = { title: "Safer play" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function SaferPlayPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireViewer("/settings/safer-play");
  const [params, api] = await Promise.all([searchParams, serverApi()]);
  const [protection, realityCheck] = await Promise.all([api.me.limits.get(), api.me.realityCheck.get({})]);
  // Offered after sign-up (?welcome=1) and before a first deposit (?from=wallet): skippable.
  const offered = params.welcome === "1" ? "welcome" : params.from === "wallet" ? "wallet" : null;
  return (
    <div className="stack safer-play">
      <SettingsNav current="/settings/safer-play" />
      <PageHeader title="Safer play">{SAFER_PLAY_TEXT.intro}</PageHeader>
      {offered && (
        <div className="alert info stack" data-testid="safer-play-offer">
          <p>
            {offered === "welcome" ? "Welcome! " : ""}Before you play, you can set how much you deposit, wager or lose a day, week or month.
            A limit you set applies at once; you can change it later.
          </p>
          <p>
            <Link href={offered === "wallet" ? "/wallet" : "/"}>{offered === "wallet" ? "Skip, back to the wallet" : "Skip for now"}</Link>
          </p>
        </div>
      )}
      <div className="safer-play-grid">
        {/* The deposit-limit links (home, wallet) come with ?limit=deposit: the form opens on that kind. */}
        <SaferPlayLimits initial={protection} initialKind={params.limit === "deposit" ? "deposit" : undefined} />
        <div className="stack">
          <RealityCheckSetting initialMinutes={realityCheck.minutes} />
          <SaferPlayBreak initial={protection} />
        </div>
      </div>
    </div>
  );
}
