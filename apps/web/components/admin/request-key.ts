"use client";
import { useCallback, useState } from "react";

/**
 * One key per submission of a console form: made when the form is drawn, sent with every try of
 * that submission (a double click, a retry after a timeout), renewed only after it succeeded.
 * The server applies each key once (admin_request), so a repeat replays instead of repeating.
 */
export function useRequestKey(): [string, () => void] {
  const [key, setKey] = useState(() => crypto.randomUUID());
  const renew = useCallback(() => setKey(crypto.randomUUID()), []);
  return [key, renew];
}
