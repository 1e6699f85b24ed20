import { z } from 'zod';
import { REGION_EMAIL_MIN_LENGTH, REGION_PHONE_LENGTH } from './constants.ts';
import { blankToUndefined, requiredText } from './org-fields.ts';
import { text } from './primitives.ts';
import { listQuery, pathId } from './query.ts';
import { v } from './validation.ts';

/**
 * Region form (spec 5): phone exactly 10 characters; e-mail optional, but when given a
 * valid address longer than 5 characters. The chain comes from the path.
 */
export const regionBody = z.object({
  region_name: requiredText(),
  phone: requiredText(50).pipe(
    z.string().length(REGION_PHONE_LENGTH, { error: v('exact_length', REGION_PHONE_LENGTH) }),
  ),
  email: z
    .preprocess(
      blankToUndefined,
      text()
        .trim()
        .min(REGION_EMAIL_MIN_LENGTH, { error: v('min_length', REGION_EMAIL_MIN_LENGTH) })
        .max(255)
        .pipe(z.email())
        .optional(),
    )
    .transform((value) => value ?? null),
  contact_person: requiredText(),
});
export type RegionBody = z.output<typeof regionBody>;
export type RegionInput = z.input<typeof regionBody>;

/** A region as the API answers it. */
export const regionSchema = z.object({
  id: z.number(),
  region_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  contact_person: z.string(),
  chain_id: z.number(),
  chain: z.object({ id: z.number(), chain_name: z.string() }),
  stores_count: z.number(),
  created_at: z.string(),
});
export type Region = z.infer<typeof regionSchema>;

export const REGION_SORTS = ['id', 'region_name', 'phone', 'email', 'contact_person', 'created_at'] as const;

/** The region list's query (and its export's, which may narrow by chain). */
export const regionListQuery = listQuery(REGION_SORTS);
/** Regions live under their chain: /api/chains/{chainId}/regions[/{id}]. */
export const chainParams = z.object({ chainId: pathId });
export const regionParams = z.object({ chainId: pathId, id: pathId });
