import Link from "next/link";
import { getAccount, getLicencePrompts } from "@prizepacks/core";
import { services } from "../../lib/database";
import { viewerIsAdmin } from "../../lib/admin";
import { findViewer } from "../../lib/server-api";
import { BalanceBadge } from "../wallet/balance-badge";
import { HeaderAuthLinks } from "./header-auth-links";
import { MainMenu } from "./main-menu";
import { LicencePrompts } from "../safer-play/licence-prompts";
import { RealityCheck } from "../safer-play/reality-check-dialog";
import { SignOutButton } from "./sign-out-button";
import { SoundSwitch } from "../packs/sound-switch";

const nav = [
  { href: "/", label: "Packs" },
  { href: "/battles", label: "Battles" },
  { href: "/upgrader", label: "Upgrader" },
  { href: "/rewards", label: "Rewards" },
  { href: "/inventory", label: "Inventory" },
  { href: "/history", label: "History" },
  { href: "/fairness", label: "Fairness" },
  { href: "/wallet", label: "Wallet" },
  { href: "/settings/api", label: "API" },
  { href: "/docs", label: "Docs" },
];

export async function SiteHeader() {
  const viewer = await findViewer();
  const [account, prompts] =
    viewer?.standing === "ok"
      ? await Promise.all([getAccount(await services(), viewer.id), getLicencePrompts(await services(), viewer.id)])
      : [null, null];
  const isAdmin = await viewerIsAdmin(viewer);
  // The level (#39), as the last wager left it: one primary-key read.
  const reward = account
    ? await (await services()).database.prisma.accountReward.findUnique({ where: { userId: account.id }, select: { level: true } })
    : null;
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link href="/" className="brand" aria-label="prizepacks home">
          <span className="brand-mark" aria-hidden="true">
            ▣
          </span>{" "}
          <span className="brand-name">prizepacks</span>
        </Link>
        <MainMenu links={isAdmin ? [...nav, { href: "/admin", label: "Console" }] : nav}>
          {viewer && (
            <div className="menu-only">
              <SignOutButton />
            </div>
          )}
        </MainMenu>
        <div className="session">
          {/* First, so that the room it gives up when the row is full sits away from the controls. */}
          {account && (
            <span className="session-email" title={account.email}>
              <span className="muted small-text session-email-text">{account.email}</span>
            </span>
          )}
          <SoundSwitch />
          {account ? (
            <>
              <Link href="/rewards" className="level-badge" data-testid="header-level" aria-label={`Level ${reward?.level ?? 0}: rewards`}>
                Lv {reward?.level ?? 0}
              </Link>
              <BalanceBadge initialBalance={account.balanceString} />
              <span className="menu-hidden">
                <SignOutButton />
              </span>
            </>
          ) : viewer ? (
            <span className="menu-hidden">
              <SignOutButton />
            </span>
          ) : (
            <HeaderAuthLinks />
          )}
        </div>
      </div>
      {account && <RealityCheck accountId={account.id} />}
      {prompts && <LicencePrompts initial={prompts} />}
    </header>
  );
}
