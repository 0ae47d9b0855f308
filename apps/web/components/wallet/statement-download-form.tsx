"use client";
import { useState, type FormEvent } from "react";

/**
 * "Download CSV": a plain GET of /api/account/ledger.csv, which answers with the file as an
 * attachment (the page stays). A range that runs backwards is caught here first; the server
 * checks every range again and answers a bad one with a 400 and its message.
 */
export function StatementDownloadForm({ defaultFrom, defaultTo }: { defaultFrom: string; defaultTo: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const from = form.querySelector<HTMLInputElement>('input[name="from"]')?.value ?? "";
    const to = form.querySelector<HTMLInputElement>('input[name="to"]')?.value ?? "";
    const message = !from || !to ? "Choose both dates." : to < from ? "The end date must not be before the start date." : null;
    setProblem(message);
    if (message) event.preventDefault();
  };
  return (
    <section className="card stack" aria-labelledby="download-heading">
      <h2 id="download-heading">Download the ledger</h2>
      <p className="muted small-text">Every change of your balance between two dates (UTC, both included), as a CSV file.</p>
      <form className="row statement-download-form" action="/api/account/ledger.csv" method="get" onSubmit={check}>
        <div className="field">
          <label htmlFor="statement-from">From</label>
          <input id="statement-from" type="date" name="from" defaultValue={defaultFrom} required />
        </div>
        <div className="field">
          <label htmlFor="statement-to">To</label>
          <input id="statement-to" type="date" name="to" defaultValue={defaultTo} required />
        </div>
        <button className="button">Download CSV</button>
      </form>
      {problem && (
        <p role="alert" className="alert error">
          {problem}
        </p>
      )}
    </section>
  );
}
