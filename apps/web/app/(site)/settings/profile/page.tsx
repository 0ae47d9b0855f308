import Link from "next/link";
import { maskPlayerName } from "@prizepacks/core";
import { displayMoney } from "@prizepacks/core/contract";
import { SettingsNav } from "../../../../components/settings/settings-nav";
import { PageHeader } from "../../../../components/ui/page-header";
import { requireViewer, serverApi } from "../../../../lib/server-api";

export const metadata = { title: "Profile" };
export const dynamic = "force-dynamic";

/** The account as its player and others see it: the name, how long it has been here, and its level (#39). */
export default async function ProfilePage() {
  await requireViewer("/settings/profile");
  const api = await serverApi();
  const [me, rewards] = await Promise.all([api.me.get(), api.rewards.get({})]);
  return (
    <div className="stack">
      <SettingsNav current="/settings/profile" />
      <PageHeader title="Profile">
        Your account, and what other players see of you in the live drops: the first letter of your name and your level.
      </PageHeader>
      <section className="card stack" aria-labelledby="profile-account">
        <h2 id="profile-account">Account</h2>
        <dl className="facts" data-testid="profile-facts">
          <div>
            <dt>Name</dt>
            <dd className="break">{me.name}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd className="break">{me.email}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{me.createdAt.slice(0, 10)}</dd>
          </div>
          <div>
            <dt>In the live drops</dt>
            <dd>
              {maskPlayerName(me.name)} · Lv {rewards.level}
            </dd>
          </div>
        </dl>
      </section>
      <section className="card stack" aria-labelledby="profile-level">
        <h2 id="profile-level">Level</h2>
        <p className="money-large" data-testid="profile-level">
          Level {rewards.level}
        </p>
        <p className="muted">
          {displayMoney(rewards.wagered)} wagered.{" "}
          {rewards.nextLevel
            ? `${displayMoney(rewards.nextLevel.remaining)} more to level ${rewards.nextLevel.level}.`
            : "You are at the top level."}{" "}
          <Link href="/rewards">Rewards</Link>
        </p>
      </section>
    </div>
  );
}
