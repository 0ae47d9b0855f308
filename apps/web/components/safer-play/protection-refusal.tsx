"use client";
import Link from "next/link";
import type { ReactNode } from "react";
import { errorCode, protectionDetails } from "../../lib/error-message";
import { limitName, SAFER_PLAY_PATH } from "../../lib/safer-play";
import { LocalTime } from "../ui/local-time";

/**
 * A refusal by the player's own limits or break, explained with its times in the reader's zone
 * and where to manage them; null for any other error.
 */
export function describeProtectionRefusal(error: unknown): ReactNode | null {
  const code = errorCode(error);
  const details = protectionDetails(error);
  if (!details || (code !== "LIMIT_REACHED" && code !== "EXCLUDED")) return null;
  const saferPlay = <Link href={SAFER_PLAY_PATH}>Safer play</Link>;
  if (code === "LIMIT_REACHED") {
    return (
      <span data-testid="limit-refusal">
        Your {limitName(details.kind, details.period)} is reached.{" "}
        {details.resetsAt ? (
          <>
            This is possible again from <LocalTime iso={details.resetsAt} />, when earlier spending leaves the window.
          </>
        ) : (
          "This alone is more than the limit."
        )}{" "}
        See your limits in {saferPlay}.
      </span>
    );
  }
  const stillWorks = (
    <>
      Selling items and withdrawing still work: <Link href="/inventory">your inventory</Link>.
    </>
  );
  const ended = details.endsAt !== null && details.endsAt !== undefined && Date.parse(details.endsAt) <= Date.now();
  return (
    <span data-testid="exclusion-refusal">
      {details.kind === "timeout" ? (
        <>
          You are taking a time-out until <LocalTime iso={details.endsAt ?? ""} />: openings, battles, upgrades, exchanges and deposits are
          paused.
        </>
      ) : !details.endsAt ? (
        <>You have excluded yourself permanently: openings, battles, upgrades, exchanges and deposits are paused.</>
      ) : ended ? (
        details.resumesAt ? (
          <>
            Your self-exclusion has ended; play resumes at <LocalTime iso={details.resumesAt} />.
          </>
        ) : (
          <>Your self-exclusion has ended; play resumes 24 hours after you ask in {saferPlay}.</>
        )
      ) : (
        <>
          You have excluded yourself until <LocalTime iso={details.endsAt} />: openings, battles, upgrades, exchanges and deposits are
          paused.
        </>
      )}{" "}
      {stillWorks}
    </span>
  );
}
