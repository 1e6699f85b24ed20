import type { ReactNode } from 'react';
import { describeError } from './errors.ts';
import { i18n } from './i18n.ts';

/**
 * Form helpers. Client checks run only on submit (Mantine's default), and server 422
 * messages are put on the same fields, so they show under the field label (the theme
 * orders every input as label, error, input).
 */

type Label = string | (() => string);
const text = (label: Label) => (typeof label === 'function' ? label() : label);
const tr = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'common', ...options });

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** "{field} is required." */
export const required =
  (label: Label) =>
  (value: unknown): string | null =>
    isBlank(value) ? tr('validation.required', { field: text(label) }) : null;

export const minLength =
  (label: Label, min: number) =>
  (value: unknown): string | null =>
    typeof value === 'string' && value.length < min
      ? tr('validation.minLength', { field: text(label), count: min })
      : null;

/** Runs checks in order and returns the first failure. */
export const all =
  <V, Values = unknown>(...checks: ((value: V, values: Values) => string | null)[]) =>
  (value: V, values: Values): string | null => {
    for (const check of checks) {
      const error = check(value, values);
      if (error) return error;
    }
    return null;
  };

interface FormWithErrors {
  setErrors: (errors: Record<string, ReactNode>) => void;
}

/**
 * Puts a 422's field messages on the form (first message per field). `aliases` also
 * shows a server field's message on other fields, e.g. `{ title: ['slug'] }`.
 * Returns every message, for forms that list them all in an alert.
 */
export function setServerErrors(
  form: FormWithErrors,
  error: unknown,
  aliases: Record<string, string[]> = {},
): string[] {
  const report = describeError(error);
  if (report.status !== 422) return [];
  const errors: Record<string, string> = { ...report.fieldErrors };
  for (const [source, targets] of Object.entries(aliases)) {
    const message = report.fieldErrors[source];
    if (message) for (const target of targets) errors[target] ??= message;
  }
  form.setErrors(errors);
  return report.messages;
}
