import { z } from 'zod';
import { requiredEmail, requiredText, yesNo } from './org-fields.ts';
import { listQuery } from './query.ts';

/** Chain form (spec 5): every field required; has_region 1 or 0 (the form defaults to 1). */
export const chainBody = z.object({
  chain_name: requiredText(),
  phone: requiredText(50),
  email: requiredEmail(),
  invoice_address: requiredText(500),
  contact_person: requiredText(),
  has_region: yesNo,
});
export type ChainBody = z.output<typeof chainBody>;
export type ChainInput = z.input<typeof chainBody>;

/** A chain as the API answers it. */
export const chainSchema = z.object({
  id: z.number(),
  chain_name: z.string(),
  phone: z.string(),
  email: z.string(),
  invoice_address: z.string(),
  contact_person: z.string(),
  has_region: z.union([z.literal(0), z.literal(1)]),
  regions_count: z.number(),
  stores_count: z.number(),
  created_at: z.string(),
});
export type Chain = z.infer<typeof chainSchema>;

export const CHAIN_SORTS = [
  'id',
  'chain_name',
  'phone',
  'email',
  'invoice_address',
  'contact_person',
  'has_region',
  'created_at',
] as const;

/** The chain list's query (and its export's). */
export const chainListQuery = listQuery(CHAIN_SORTS);
