import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getAccount, getPackDetail, isAppError, type PackDetail } from "@prizepacks/core";
import { usesDevOutbox } from "@prizepacks/auth";
import { minimumAge } from "@prizepacks/core";
import { SignUpForm } from "../../../../components/auth/auth-forms";
import { WelcomeNotice } from "../../../../components/layout/welcome-notice";
import { OpenPackPanel } from "../../../../components/packs/open-pack-panel";
import { PackContents } from "../../../../components/packs/pack-contents";
import { PackOddsTable } from "../../../../components/packs/pack-odds-table";
import { PackStatEntries } from "../../../../components/packs/pack-stat-entries";
import { Money } from "../../../../components/ui/money";
import { services } from "../../../../lib/database";
import { displayChance, moneyPercent } from "@prizepacks/core/contract";
import { findViewer } from "../../../../lib/server-api";

// Popularity, activity and the viewer's panel differ per request.
export const dynamic = "force-dynamic";

type Params = Promise<{ slug: string }>;

/** The pack, or null when it is missing or inactive (both a 404); cached for metadata + page. */
const findPack = cache(async (slug: string): Promise<PackDetail | null> => {
  try {
    return await getPackDetail(await services(), slug);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") return null;
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const pack = await findPack((await params).slug);
  return { title: pack ? pack.name : "Pack not found" };
}

export default async function PackPage({ params, searchParams }: { params: Params; searchParams: Promise<{ welcome?: string }> }) {
  const { slug } = await params;
  const { welcome } = await searchParams;
  const [pack, viewer] = await Promise.all([findPack(slug), findViewer()]);
  if (!pack) notFound();
  const account = viewer?.standing === "ok" ? await getAccount(await services(), viewer.id) : null;

  return (
    <div className="stack pack-page">
      <p className="small-text">
        <Link href="/">← All packs</Link>
      </p>
      <section className="pack-hero" aria-labelledby="pack-title">
        <img className="pack-hero-image card" src={pack.image} alt="" width={256} height={256} />
        <div className="stack pack-hero-info">
          <div>
            <p className="pack-card-category small-text">{pack.category}</p>
            <h1 id="pack-title">{pack.name}</h1>
            <p className="muted">{pack.description}</p>
          </div>
          <dl className="pack-facts">
            <div>
              <dt>Price</dt>
              <dd className="pack-price">
                <Money amount={pack.price} />
              </dd>
            </div>
            <div>
              <dt>Expected return</dt>
              <dd>
                <Money amount={pack.expectedValue} />{" "}
                <span className="muted">({moneyPercent(pack.expectedValue, pack.price)}% of the price)</span>
              </dd>
            </div>
            <div>
              <dt>Chance to beat the price</dt>
              <dd data-testid="beat-price-chance">{displayChance(pack.beatPriceChance)}</dd>
            </div>
            <PackStatEntries pack={pack} renderedAt={new Date().toISOString()} />
          </dl>
        </div>
      </section>

      {account && welcome === "1" && <WelcomeNotice back={`/packs/${pack.slug}`} />}
      {account ? (
        <OpenPackPanel
          initialBalance={account.balanceString}
          slug={pack.slug}
          price={pack.price}
          items={pack.items.map(({ id, name, rarity, value, image, chance }) => ({ id, name, rarity, value, image, chance }))}
        />
      ) : viewer ? (
        <p className="alert warn">
          Your account cannot open packs right now. <Link href="/blocked">Find out why</Link>
        </p>
      ) : (
        // The form first, where a new player's thumb is: the verification link brings them back to this pack.
        <section className="card stack pack-sign-in" aria-labelledby="pack-sign-up-title">
          <h2 id="pack-sign-up-title" className="pack-sign-up-heading">
            Create an account to open this pack
          </h2>
          <SignUpForm outbox={usesDevOutbox()} minimumAge={minimumAge()} next={`/packs/${pack.slug}`} />
        </section>
      )}

      <PackContents items={pack.items} />

      <section className="stack" aria-labelledby="odds-title">
        <div className="page-header">
          <h2 id="odds-title">Items and odds</h2>
          <Link href="/fairness" className="small-text">
            How a draw picks the item
          </Link>
        </div>
        <p className="small-text muted">
          A draw picks a ticket from 1 to 100000; you win the item whose range holds it. Odds version{" "}
          <span className="num">{pack.oddsVersion}</span>, odds hash <code className="mono break odds-hash">{pack.oddsHash}</code>
        </p>
        <PackOddsTable items={pack.items} />
      </section>
    </div>
  );
}
