"use client";
import Link from "next/link";
import { errorCode, errorMessage } from "../lib/trpc";

/** A failed opening, explained per error code; everything won before it stays on screen. */
export function OpenPackError({ error }: { error: unknown }) {
  const code = errorCode(error);
  const message = errorMessage(error);
  let content;
  switch (code) {
    case "INSUFFICIENT_BALANCE":
      content = (
        <>
          Not enough balance: {message.replace(/^insufficient balance:\s*/i, "")} <Link href="/wallet">Add funds</Link>
        </>
      );
      break;
    case "NOT_FOUND":
      content = (
        <>
          This pack is no longer available. <Link href="/">Browse other packs</Link>
        </>
      );
      break;
    case "UNAUTHORIZED":
      content = (
        <>
          Your session has ended. <Link href="/sign-in">Sign in again</Link>
        </>
      );
      break;
    default:
      // RATE_LIMITED's message says when to retry; FORBIDDEN's says why the account may not act.
      content = message;
  }
  return (
    <p className="alert error" role="alert" data-testid="open-error">
      {content}
    </p>
  );
}
