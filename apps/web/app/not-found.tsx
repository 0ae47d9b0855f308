import Link from "next/link";
import { SiteFrame } from "../components/layout/site-frame";

export const metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <SiteFrame>
      <section className="card auth-card stack" aria-labelledby="not-found-title">
        <h1 id="not-found-title">Nothing here</h1>
        <p className="muted">This page does not exist, or the pack is no longer offered.</p>
        <Link href="/">Back to the packs</Link>
      </section>
    </SiteFrame>
  );
}
