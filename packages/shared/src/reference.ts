import { z } from 'zod';
import { requiredText, text } from './primitives.ts';
import { listQuery } from './query.ts';
import { slugify } from './slug.ts';
import { v } from './validation.ts';

const slugPattern = /^[\p{L}\p{N}_-]+$/u;

/** Role and order-status forms: title and slug (derived from the title when left empty). */
export const titleSlugBody = z
  .object({
    title: requiredText(100),
    slug: text().trim().max(100).optional(),
  })
  .transform((body, ctx) => {
    const slug = body.slug ? slugify(body.slug) : slugify(body.title);
    if (!slug || !slugPattern.test(slug)) {
      ctx.addIssue({ code: 'custom', path: ['slug'], message: body.slug ? v('invalid') : v('required') });
      return z.NEVER;
    }
    return { title: body.title, slug };
  });
export type TitleSlugBody = z.output<typeof titleSlugBody>;

/** A role as the API answers it. */
export const roleSchema = z.object({ id: z.number(), title: z.string(), slug: z.string(), builtin: z.boolean() });
export type Role = z.infer<typeof roleSchema>;

/** An order status as the API answers it. */
export const orderStatusSchema = roleSchema.extend({
  /** The title in the caller's language (built-in statuses are translated). */
  label: z.string(),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const ROLE_SORTS = ['id', 'title', 'slug', 'created_at'] as const;
export const roleListQuery = listQuery(ROLE_SORTS);
export const ORDER_STATUS_SORTS = ['id', 'title', 'slug', 'created_at'] as const;
export const orderStatusListQuery = listQuery(ORDER_STATUS_SORTS);
