import Link from "next/link";
import { listActivePacks } from "@prizepacks/core";
import { HistoryList } from "../../../components/history/history-list";
import { HistorySummaryPanel } from "../../../components/history/history-summary";
import { services } from "../../../lib/database";
import { requireViewer, serverApi } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "History" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function HistoryPage({ searchParams }: { searchParams: SearchParams }) {
  await requireViewer("/history");
  const param = (await searchParams).pack;
  const packs = await listActivePacks(await services());
  // Only a pack of the catalogue filters; anything else in the URL shows every opening.
  const pack = packs.find((candidate) => candidate.id === param) ?? null;
  const filter = pack ? { packId: pack.id } : {};
  const api = await serverApi();
  const [initialPage, summary] = await Promise.all([api.history.list(filter), api.history.summary(filter)]);
  return (
    <>
      <div className="page-header">
        <h1>History</h1>
        <p className="muted">
          Every pack you opened and every upgrade, newest first. Server seeds are revealed once you rotate your seed on the{" "}
          <Link href="/fairness">fairness page</Link>.
        </p>
      </div>
      <div className="history-top">
        <form className="history-filter" action="/history" method="get">
          <label htmlFor="history-pack">Pack</label>
          <select id="history-pack" name="pack" defaultValue={pack?.id ?? ""}>
            <option value="">All packs</option>
            {packs.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button small">
            Show
          </button>
        </form>
        <HistorySummaryPanel summary={summary} packName={pack?.name ?? null} />
      </div>
      <HistoryList key={pack?.id ?? "all"} initialPage={initialPage} packId={pack?.id} />
    </>
  );
}
