import { displayMoney } from "@prizepacks/core/contract";
import { AffiliateSettingsForm, RewardLevelForm, RewardMoneySettings, RewardSwitchesForm } from "../../../components/admin/reward-settings";
import { RewardsNav } from "../../../components/admin/rewards-nav";
import { DataTable } from "../../../components/ui/data-table";
import { PageHeader } from "../../../components/ui/page-header";
import { adminApi } from "../../../lib/admin";

export const metadata = { title: "Reward settings" };

export default async function RewardSettingsPage() {
  const api = await adminApi();
  const [{ settings, levels }, packs, affiliate] = await Promise.all([
    api.admin.rewards.settings(),
    api.admin.packs.list({}),
    api.admin.creators.settings(),
  ]);
  const choices = packs.filter((pack) => pack.active).map(({ slug, name, price }) => ({ slug, name, price }));
  return (
    <>
      <PageHeader title="Rewards">
        Levels, rakeback, the daily case and creator codes. Each change applies at once and is in the admin log; a raise of the budget, or a
        lower minimum wager for the daily case, waits for another admin on Approvals.
      </PageHeader>
      <RewardsNav current="settings" />

      <section className="card stack" aria-labelledby="reward-kinds-heading">
        <h2 id="reward-kinds-heading">Reward kinds</h2>
        <RewardSwitchesForm current={settings} />
      </section>

      <section className="card stack" aria-labelledby="reward-money-heading">
        <h2 id="reward-money-heading">Budget and the daily case</h2>
        <p className="muted small-text">
          In force: rewards may cost {displayMoney(settings.dailyBudget)} a UTC day (a claim past it waits for the next day); the daily case
          needs {displayMoney(settings.dailyCaseMinWager)} wagered in the last 7 days.
        </p>
        <RewardMoneySettings current={settings} />
      </section>

      <section className="card stack" aria-labelledby="creator-codes-heading">
        <h2 id="creator-codes-heading">Creator codes</h2>
        <p className="muted small-text">
          In force: creators earn {(affiliate.commissionBps / 100).toFixed(2)} % of a referred player&apos;s expected house take for{" "}
          {affiliate.commissionDays} days; a code is accepted up to {affiliate.referralEntryHours} hours after sign-up; the welcome reward
          after a first deposit is{" "}
          {affiliate.welcomePack ? `${affiliate.welcomeOpenings} free openings of ${affiliate.welcomePack.name}` : "none (no pack chosen)"}.
        </p>
        <AffiliateSettingsForm current={affiliate} packs={choices} />
      </section>

      <section className="card stack" aria-labelledby="reward-levels-heading">
        <h2 id="reward-levels-heading">Levels</h2>
        <p className="muted small-text">
          A level applies from its amount wagered (openings, battle entries, upgrade stakes; a battle entry refunded is taken back);
          rakeback is a share of each opening&apos;s or upgrade&apos;s expected house take at the level held before it (a battle seat,
          refundable until the battle starts, earns none). A player&apos;s level follows a change at their next wager.
        </p>
        <DataTable caption="The level table" columns={["Level", "Wagered from", "Rakeback", "Daily case"]} region className="reward-levels">
          {levels.map((row) => (
            <tr key={row.level} data-testid={`level-row-${row.level}`}>
              <td>{row.level}</td>
              <td className="num">{displayMoney(row.threshold)}</td>
              <td className="num">{(row.rakebackBps / 100).toFixed(2)} %</td>
              <td className="break">{row.dailyPack?.name ?? <span className="muted">none</span>}</td>
            </tr>
          ))}
        </DataTable>
        <RewardLevelForm levels={levels} packs={choices} />
      </section>
    </>
  );
}
