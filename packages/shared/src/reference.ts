import { z } from 'zod';
import { slugify } from './slug.ts';
import { v } from './validation.ts';

const slugPattern = /^[\p{L}\p{N}_-]+$/u;

/** Role and order-status forms: title and slug (derived from the title when left empty). */
export const titleSlugBody = z
  .object({
    title: z.string().trim().min(1).max(100),
    slug: z.string().trim().max(100).optional(),
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
