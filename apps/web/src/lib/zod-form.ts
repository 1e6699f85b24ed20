import { isLocale } from '@wop/shared/constants';
import { validationText } from '@wop/shared/validation';
import type { z } from 'zod';
import { asSentence } from './errors.ts';
import { i18n } from './i18n.ts';

/**
 * Client checks from the same shared Zod schema the server uses (spec 5): a Mantine form
 * `validate` function that puts the first message of each field under it, in the interface
 * language, exactly as the server's 422 would.
 */
export function zodValidate<V>(schema: z.ZodType, prepare: (values: V) => unknown = (values) => values) {
  return (values: V): Record<string, string> => {
    const result = schema.safeParse(prepare(values));
    if (result.success) return {};
    const locale = isLocale(i18n.language) ? i18n.language : 'en';
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.') || '_';
      errors[field] ??= asSentence(validationText(issue.message, locale));
    }
    return errors;
  };
}
