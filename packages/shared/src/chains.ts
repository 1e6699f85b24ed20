import { z } from 'zod';
import { requiredEmail, requiredText, yesNo } from './org-fields.ts';

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

export interface Chain {
  id: number;
  chain_name: string;
  phone: string;
  email: string;
  invoice_address: string;
  contact_person: string;
  has_region: 0 | 1;
  regions_count: number;
  stores_count: number;
  created_at: string;
}

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
