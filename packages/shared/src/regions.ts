import { z } from 'zod';
import { REGION_EMAIL_MIN_LENGTH, REGION_PHONE_LENGTH } from './constants.ts';
import { blankToUndefined, requiredText } from './org-fields.ts';
import { text } from './primitives.ts';
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

export interface Region {
  id: number;
  region_name: string;
  phone: string;
  email: string | null;
  contact_person: string;
  chain_id: number;
  chain: { id: number; chain_name: string };
  stores_count: number;
  created_at: string;
}

export const REGION_SORTS = ['id', 'region_name', 'phone', 'email', 'contact_person', 'created_at'] as const;
