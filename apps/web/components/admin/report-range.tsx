const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const validDay = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** A report's range of UTC days from its query: the last 30 days unless the query names well-formed ones. */
export function reportRange(params: { from?: string; to?: string }): { from: string; to: string } {
  return {
    from: validDay(params.from) ?? isoDay(new Date(Date.now() - 29 * 86_400_000)),
    to: validDay(params.to) ?? isoDay(new Date()),
  };
}

/** The From and To days of a report, sent to `action` as its query. */
export function ReportRangeForm({ action, from, to }: { action: string; from: string; to: string }) {
  return (
    <form className="row" action={action}>
      <label>
        From <input type="date" name="from" defaultValue={from} />
      </label>
      <label>
        To <input type="date" name="to" defaultValue={to} />
      </label>
      <button className="button small">Show</button>
    </form>
  );
}
