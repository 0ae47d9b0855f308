import Link from "next/link";
import { HistoryList } from "../../../components/history-list";
import { requireViewer, serverApi } from "../../../lib/server-api";

export const dynamic = "force-dynamic";
export const metadata = { title: "History" };

export default async function HistoryPage() {
  await requireViewer("/history");
  const api = await serverApi();
  const initialPage = await api.history.list({});
  return (
    <>
      <div className="page-header">
        <h1>Opening history</h1>
        <p className="muted">
          Every pack you opened, newest first. Server seeds are revealed once you rotate your seed on the{" "}
          <Link href="/fairness">fairness page</Link>.
        </p>
      </div>
      <HistoryList initialPage={initialPage} />
    </>
  );
}
