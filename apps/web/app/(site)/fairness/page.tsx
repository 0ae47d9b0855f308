import Link from "next/link";
import { findDrawOdds, getPackDetail, isAppError, listActivePacks } from "@prizepacks/core";
import { ErrorAlert } from "../../../components/ui/error-alert";
import { FairnessExplainer } from "../../../components/fairness/fairness-explainer";
import { FairnessWorkbench } from "../../../components/fairness/fairness-workbench";
import type { VerifierPack, VerifierPrefill } from "../../../components/fairness/fairness-verifier";
import type { FairnessState } from "../../../components/fairness/seed-pair-summary";
import { services } from "../../../lib/database";
import { findViewer, serverApi } from "../../../lib/server-api";
import { PageHeader } from "../../../components/ui/page-header";
import { UpgradeVerifier, type UpgradeVerifierPrefill } from "../../../components/fairness/upgrade-verifier";
import { InclusionCheck } from "../../../components/fairness/inclusion-check";

export const metadata = { title: "Fairness" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function firstParam(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** Every active pack with its current ticket ranges; a pack deactivated meanwhile is skipped. */
async function loadVerifierPacks(): Promise<VerifierPack[]> {
  const opened = await services();
  const summaries = await listActivePacks(opened);
  const details = await Promise.allSettled(summaries.map((pack) => getPackDetail(opened, pack.id)));
  return details.flatMap((detail) =>
    detail.status === "fulfilled"
      ? [
          {
            slug: detail.value.slug,
            name: detail.value.name,
            oddsVersion: detail.value.oddsVersion,
            oddsHash: detail.value.oddsHash,
            items: detail.value.items.map(({ id, name, rarity, ticketFrom, ticketTo }) => ({
              itemId: id,
              name,
              rarity,
              ticketFrom,
              ticketTo,
            })),
          },
        ]
      : [],
  );
}

/**
 * The packs to verify against. A link from a history entry names the odds the draw used: that
 * version replaces the pack's current one (or joins the list if the pack left sale), so a draw
 * made before the odds changed is checked against its own ticket ranges.
 */
async function packsForDraw(slug: string | undefined, oddsHash: string | undefined): Promise<VerifierPack[]> {
  const [packs, drawOdds] = await Promise.all([
    loadVerifierPacks(),
    slug && oddsHash ? services().then((opened) => findDrawOdds(opened, slug, oddsHash)) : null,
  ]);
  if (!drawOdds) return packs;
  return packs.some((pack) => pack.slug === drawOdds.slug)
    ? packs.map((pack) => (pack.slug === drawOdds.slug ? drawOdds : pack))
    : [drawOdds, ...packs];
}

export default async function FairnessPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const prefill: VerifierPrefill = {
    serverSeed: firstParam(params.serverSeed),
    clientSeed: firstParam(params.clientSeed),
    nonce: firstParam(params.nonce),
    pack: firstParam(params.pack),
    serverSeedHash: firstParam(params.serverSeedHash),
    oddsHash: firstParam(params.oddsHash),
    item: firstParam(params.item),
  };
  // "Verify this upgrade" links fill the upgrade verifier; the draw verifier keeps its own fields.
  const upgradePrefill: UpgradeVerifierPrefill =
    firstParam(params.verify) === "upgrade"
      ? {
          serverSeed: prefill.serverSeed,
          serverSeedHash: prefill.serverSeedHash,
          clientSeed: prefill.clientSeed,
          nonce: prefill.nonce,
          chanceTickets: firstParam(params.chanceTickets),
          ticket: firstParam(params.ticket),
        }
      : {};
  const drawPrefill: VerifierPrefill = firstParam(params.verify) === "upgrade" ? {} : prefill;
  const [viewer, packs] = await Promise.all([findViewer(), packsForDraw(prefill.pack, prefill.oddsHash)]);

  let seeds: FairnessState | null = null;
  let seedsError: string | null = null;
  if (viewer?.standing === "ok") {
    try {
      seeds = await (await serverApi()).fairness.get();
    } catch (error) {
      if (!isAppError(error) && !(error instanceof Error)) throw error;
      seedsError = error.message;
    }
  }

  const seedsFallback = seedsError ? (
    <ErrorAlert error={seedsError} />
  ) : viewer?.standing === "blocked" ? (
    <p className="alert warn">
      This account cannot play, so it has no seed pair to show. <Link href="/blocked">Why?</Link>
    </p>
  ) : (
    <div className="empty stack">
      <p>Your seed pair, next nonce and the seed rotation are shown to signed-in players.</p>
      <p>
        <Link href="/sign-in?next=%2Ffairness" className="button">
          Sign in to see your seeds
        </Link>
      </p>
      <p className="small-text">Anyone can use the verifier.</p>
    </div>
  );

  return (
    <div className="stack fairness-page">
      <PageHeader title="Provable fairness">
        Every opening is decided by seeds committed in advance. Check any draw yourself, right here in your browser.
      </PageHeader>
      <FairnessWorkbench initialSeeds={seeds} seedsFallback={seedsFallback} packs={packs} prefill={drawPrefill} />
      <section className="card stack" aria-labelledby="upgrade-verifier-title" id="upgrade-verifier">
        <h2 id="upgrade-verifier-title">Verify an upgrade</h2>
        <p className="small-text muted">
          An upgrade rolls one ticket on your seed pair (upgrade/v1) and wins when the ticket is at most its chance in tickets. Runs in your
          browser; nothing is sent anywhere.
        </p>
        <UpgradeVerifier prefill={upgradePrefill} />
      </section>
      <section className="card stack" aria-labelledby="inclusion-check-title" id="inclusion">
        <h2 id="inclusion-check-title">Check a draw is in the public log</h2>
        <p className="small-text muted">
          Every outcome is appended within seconds to a public, append-only log with signed heads (RFC 9162). This checks the latest
          head&apos;s signature and the draw&apos;s inclusion proof in your browser; only the public log is fetched.
        </p>
        <InclusionCheck prefill={{ kind: firstParam(params.logKind), id: firstParam(params.logId) }} />
      </section>
      <FairnessExplainer />
    </div>
  );
}
