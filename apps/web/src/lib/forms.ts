import type { UseFormReturnType } from '@mantine/form';
import { issueMessage, labelledText, validationKey, validationText } from '@wop/shared/validation';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { asSentence, describeError, notifySuccess } from './errors.ts';
import { currentLanguage, i18n } from './i18n.ts';

// No eval under the Content-Security-Policy (see zod-jitless.ts, which sets this before any schema exists).
z.config({ jitless: true });

/**
 * The one validation path of every form: the shared Zod schema the server also uses, run as the
 * Mantine form's `validate` resolver on submit (Mantine's default), and the server's 422 put on
 * the same fields. Both read from the one catalogue of rules (@wop/shared/validation) with the
 * field's label: "Store name is required." reads the same whichever side caught it, and a
 * validator's default text never reaches a user.
 */

/** Field path -> i18n key of the field's label, e.g. `{ store_name: 'stores:fields.store_name' }`. */
export type FieldLabels = Record<string, string>;

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A message for a field: a rule (a `v()` key or its catalogue text) gets the field's label. */
export function fieldMessage(field: string, message: string, labels: FieldLabels): string {
  const locale = currentLanguage();
  const key = message.startsWith('v:') ? message : validationKey(message, locale);
  if (!key) return asSentence(message);
  const label = labels[field];
  return label ? labelledText(i18n.t(label), key, locale) : asSentence(capitalize(validationText(key, locale)));
}

/**
 * A Mantine `validate` resolver from a shared schema: the first message of each field. `prepare`
 * turns the form's values into what the server would receive (e.g. ids from Select strings);
 * `fields` names the form field of a body path where they differ.
 */
export function schemaResolver<V>(
  schema: z.ZodType,
  labels: FieldLabels,
  prepare: (values: V) => unknown = (values) => values,
  fields: Record<string, string> = {},
) {
  return (values: V): Record<string, string> => {
    const result = schema.safeParse(prepare(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.') || '_';
      const field = fields[path] ?? path;
      errors[field] ??= fieldMessage(field, issueMessage(issue), labels);
    }
    return errors;
  };
}

/** A form's text fields from the record it edits: each of `keys` as the record has it, '' for none or a new record. */
export function textValues<T extends Partial<Record<K, string | null>>, K extends string>(
  record: T | undefined,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, record?.[key] ?? ''])) as Record<K, string>;
}

interface FormWithErrors {
  setErrors: (errors: Record<string, ReactNode>) => void;
}

/**
 * Puts a 422's field messages on the form (first message per field), worded as the browser's
 * own check would word them. `aliases` also shows a server field's message on other fields,
 * e.g. `{ title: ['slug'] }`. Returns every message, for forms that list them all in an alert.
 */
export function setServerErrors(
  form: FormWithErrors,
  error: unknown,
  labels: FieldLabels,
  aliases: Record<string, string[]> = {},
): string[] {
  const report = describeError(error);
  if (report.status !== 422) return [];
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(report.fieldErrors)) {
    errors[field] = fieldMessage(field, message, labels);
  }
  for (const [source, targets] of Object.entries(aliases)) {
    const message = report.fieldErrors[source];
    if (message) for (const target of targets) errors[target] ??= fieldMessage(target, message, labels);
  }
  form.setErrors(errors);
  return Object.entries(report.fieldMessages).flatMap(([field, list]) =>
    list.map((message) => fieldMessage(field, message, labels)),
  );
}

/** Labels read from `<namespace>:fields.<field>`, plus any that live elsewhere. */
export const fieldLabels = (namespace: string, fields: readonly string[], others: FieldLabels = {}): FieldLabels => ({
  ...Object.fromEntries(fields.map((field) => [field, `${namespace}:fields.${field}`])),
  ...others,
});

/**
 * The submit handler of a form that saves: `send` the values, toast the server's answer, reset the
 * form (`keepValues`: only mark the saved values clean) and call `onSaved`; a 422 lands on the fields
 * (`aliases` as in setServerErrors).
 */
export function saveOnSubmit<V>(
  form: UseFormReturnType<V>,
  labels: FieldLabels,
  send: (values: V) => Promise<Parameters<typeof notifySuccess>[0]>,
  {
    onSaved,
    keepValues = false,
    aliases,
  }: { onSaved?: () => void; keepValues?: boolean; aliases?: Record<string, string[]> } = {},
) {
  return form.onSubmit(async (values) => {
    try {
      notifySuccess(await send(values));
      if (keepValues) form.resetDirty();
      else form.reset();
      onSaved?.();
    } catch (error) {
      setServerErrors(form, error, labels, aliases);
    }
  });
}
