import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { requiredText, text } from './primitives.ts';
import { listQuery, optional } from './query.ts';
import { v } from './validation.ts';

export const WORK_TYPE_TITLE_MAX = 120;

/**
 * Work type form: `title` is the English title (it also gives the slug); `translations` holds the
 * Swedish and Finnish titles (an English entry, if sent, must match `title` or it wins over it).
 */
export const workTypeBody = z
  .object({
    title: requiredText(WORK_TYPE_TITLE_MAX),
    translations: z
      .array(
        z.object({
          locale: z.enum(LOCALES, { error: v('invalid') }),
          title: text().trim().max(WORK_TYPE_TITLE_MAX),
        }),
      )
      .max(LOCALES.length)
      .optional(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const [i, t] of (body.translations ?? []).entries()) {
      if (seen.has(t.locale))
        ctx.addIssue({ code: 'custom', path: ['translations', i, 'locale'], message: v('unique') });
      seen.add(t.locale);
    }
  });
export type WorkTypeBody = z.output<typeof workTypeBody>;

/** A work type as the API answers it. */
export const workTypeSchema = z.object({
  id: z.number(),
  /** In the caller's language (falls back to English). */
  title: z.string(),
  slug: z.string(),
  translations: z.array(z.object({ locale: z.enum(LOCALES), title: z.string() })),
});
export type WorkType = z.infer<typeof workTypeSchema>;

export const WORK_TYPE_SORTS = ['id', 'title', 'slug', 'created_at'] as const;
export const workTypeListQuery = listQuery(WORK_TYPE_SORTS).extend({
  all: optional(z.enum(['true', 'false', '1', '0'])).transform((value) => value === 'true' || value === '1'),
  /** The `lang` of the spec's call; the header does the same. */
  lang: optional(z.enum(LOCALES)),
});
