"use client";

/** Prints the page as it is (the print style sheet leaves out the console around it). */
export function PrintButton({ children = "Print" }: { children?: string }) {
  return (
    <button type="button" className="button small" onClick={() => window.print()}>
      {children}
    </button>
  );
}
