"use client";
import { useEffect, useState } from "react";

type CopyState = "idle" | "copied" | "failed";

/** Copies text with the Clipboard API; where that is unavailable (http, old browsers) it says how to copy by hand. */
export function ClipboardCopyButton({
  text,
  label = "Copy",
  className = "button small",
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), 2500);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="row apikeys-copy">
      <button type="button" className={className} onClick={() => void copy()}>
        {state === "copied" ? "Copied" : label}
      </button>
      <span role="status" className={state === "failed" ? "hint negative" : "hint"}>
        {state === "copied" ? "Copied to the clipboard." : state === "failed" ? "Could not copy: select the text and copy it by hand." : ""}
      </span>
    </span>
  );
}
