"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

/** Pages a signed-in player would not be sent back to. */
const NO_RETURN = ["/", "/sign-in", "/sign-up", "/forgot-password", "/reset-password"];

/**
 * The header's Sign in and Sign up, each carrying the page they were pressed on (?next=), so
 * signing in, and the verification link after a sign-up, return there rather than home.
 */
export function HeaderAuthLinks() {
  const pathname = usePathname();
  const next = pathname && !NO_RETURN.includes(pathname) ? `?next=${encodeURIComponent(pathname)}` : "";
  return (
    <>
      <Link href={`/sign-in${next}`} className="button ghost small">
        Sign in
      </Link>
      <Link href={`/sign-up${next}`} className="button small">
        Sign up
      </Link>
    </>
  );
}
