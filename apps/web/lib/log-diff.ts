// The admin log's before/after as a table: one row per field (nested objects flattened to
// dotted paths), each with its value before, after, and whether it changed.

export interface DiffRow {
  field: string;
  before: string | null;
  after: string | null;
  change: "added" | "removed" | "changed" | "same";
}

/** A value as one short line: scalars as they are, [key, value] pairs as "key: value", lists joined. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    return value
      .map((element) =>
        Array.isArray(element) && element.length === 2 ? `${showValue(element[0])}: ${showValue(element[1])}` : showValue(element),
      )
      .join(", ");
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${key}: ${showValue(inner)}`)
    .join(", ");
}

function flatten(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, showValue(value));
  } else if (value !== null && value !== undefined) {
    out.set("value", showValue(value));
  }
  return out;
}

/** Every field of either side, in the order they first appear (before's, then after's new ones). */
export function diffLogEntry(before: unknown, after: unknown): DiffRow[] {
  const a = flatten(before);
  const b = flatten(after);
  const fields = [...new Set([...a.keys(), ...b.keys()])];
  return fields.map((field) => {
    const x = a.get(field) ?? null;
    const y = b.get(field) ?? null;
    const change = x === null ? "added" : y === null ? "removed" : x === y ? "same" : "changed";
    return { field, before: x, after: y, change };
  });
}
