import Link from "next/link";

export default function AdminNotFound() {
  return (
    <section className="card stack narrow" aria-labelledby="admin-not-found">
      <h1 id="admin-not-found">Not found</h1>
      <p className="muted">No such account, pack or page in the console.</p>
      <Link href="/admin">Back to the console</Link>
    </section>
  );
}
