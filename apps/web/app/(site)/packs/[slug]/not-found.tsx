import Link from "next/link";

export default function PackNotFound() {
  return (
    <div className="empty stack">
      <h1>Pack not found</h1>
      <p>This pack does not exist or is no longer available.</p>
      <p>
        <Link href="/" className="button">
          Browse all packs
        </Link>
      </p>
    </div>
  );
}
