import Link from "next/link";
import { SiteFrame } from "../components/layout/site-frame";

export const metadata = { title: "Forbidden" };

export default function Forbidden() {
  return (
    <SiteFrame>
      <section className="card stack narrow" aria-labelledby="forbidden-heading">
        <h1 id="forbidden-heading">403: operators only</h1>
        <p className="muted">This page is part of the operator console. Sign in with an admin account to use it.</p>
        <p>
          <Link href="/sign-in?next=/admin" className="button small">
            Sign in
          </Link>{" "}
          <Link href="/">Back to the packs</Link>
        </p>
      </section>
    </SiteFrame>
  );
}
