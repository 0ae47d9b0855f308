"use client";
import { useState } from "react";

/** A field's check: what is wrong with its value, in plain words, or null. */
export type FieldCheck<T> = (value: T) => string | null;

/**
 * One field's own check, shown once the player is done with the field (it lost focus after a
 * change) or tried to submit, never while the page first renders nor while they are still typing
 * their first value. Passing through an untouched field says nothing either: an error appearing
 * there would push the next control away from under the pointer. `error` is what to show (and to
 * point aria-describedby at); `validate` is for the form's submit: it shows the problem and
 * answers whether the value is good.
 */
export function useFieldCheck<T>(value: T, check: FieldCheck<T>) {
  const [initial, setInitial] = useState(value);
  const [touched, setTouched] = useState(false);
  const problem = check(value);
  return {
    error: touched ? problem : null,
    onBlur: () => {
      if (!Object.is(value, initial)) setTouched(true);
    },
    validate: (): boolean => {
      setTouched(true);
      return problem === null;
    },
    /** After a successful submit, with the value the field is emptied to: it is not wrong yet. */
    reset: (to: T) => {
      setInitial(to);
      setTouched(false);
    },
  };
}

/** A Zod schema, as far as a check needs one (the web app reaches Zod through @prizepacks/core). */
interface Schema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * A check from a Zod schema, its first issue in the plain words of our error map
 * (core/contract/input-messages.ts, installed with @prizepacks/core/contract): "Reason must not be empty".
 */
export function schemaCheck<T>(label: string, schema: Schema): FieldCheck<T> {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? null : `${label} ${result.error.issues[0]?.message ?? "is not valid"}`;
  };
}
