// A date of birth typed as the player says it: day, month, year. A phone's number pad has no
// "/", so the slashes are written in while typing; the form sends the ISO date the server reads.

const GROUP_SIZES = [2, 2, 4] as const;

/**
 * What is being typed, shown as day/month/year: "17041990" as "17/04/1990", "17/0419" as
 * "17/04/19", and a one-digit day or month closed by a separator padded ("7/4/" as "07/04/").
 */
export function formatTypedDate(typed: string): string {
  const groups = [""];
  for (const char of typed) {
    const index = groups.length - 1;
    const group = groups[index]!;
    if (char >= "0" && char <= "9") {
      if (group.length < GROUP_SIZES[index]!) groups[index] = group + char;
      else if (index < GROUP_SIZES.length - 1) groups.push(char);
      else break;
    } else if (group.length > 0 && index < GROUP_SIZES.length - 1) {
      groups[index] = group.padStart(2, "0");
      groups.push("");
    }
  }
  return groups.join("/");
}

/**
 * "17/04/1990" (slashes, dots, dashes or spaces between; one-digit day and month allowed), or
 * an ISO "1990-04-17", as "1990-04-17"; null when it is not a calendar date.
 */
export function isoFromTypedDate(typed: string): string | null {
  const text = typed.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})$/.exec(text);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}
