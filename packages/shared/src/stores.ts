import { z } from 'zod';
import { STORE_CITY_MAX, STORE_PHONE_MIN_DIGITS } from './constants.ts';
import { optionalEmail, optionalId, requiredId, requiredText } from './org-fields.ts';
import { optionalDegrees, optionalText } from './primitives.ts';
import { filterId, listQuery } from './query.ts';
import { v } from './validation.ts';
import { bothOrNeither } from './visits.ts';

/** Store phone (spec 5): required, numeric ("must be a number"), at least 9 digits. */
export const storePhone = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  requiredText(50)
    .pipe(z.string().regex(/^[0-9]+$/, { error: v('number') }))
    .pipe(z.string().min(STORE_PHONE_MIN_DIGITS, { error: v('digits_min', STORE_PHONE_MIN_DIGITS) })),
);

/**
 * Store form (spec 5). The region must belong to the store's chain, and a chain without
 * regions takes none (checked by the server against the database).
 */
export const storeBody = z
  .object({
    store_name: requiredText(),
    phone: storePhone,
    email: optionalEmail(),
    invoice_address: requiredText(500),
    contact_person: requiredText(),
    chain_id: requiredId,
    region_id: optionalId,
    /** Picks the store's after-hours on-call line (phone-in); empty means none. */
    city: optionalText(STORE_CITY_MAX).transform((value) => value ?? null),
    /** Where the store is (WGS 84 degrees, both or neither): site visits are checked against it. */
    lat: optionalDegrees(90),
    lng: optionalDegrees(180),
  })
  .superRefine(bothOrNeither)
  .transform((body) => ({ ...body, lat: body.lat ?? null, lng: body.lng ?? null }));
export type StoreBody = z.output<typeof storeBody>;
export type StoreInput = z.input<typeof storeBody>;

/** A store as the API answers it. */
export const storeSchema = z.object({
  id: z.number(),
  store_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  invoice_address: z.string(),
  contact_person: z.string(),
  chain_id: z.number(),
  region_id: z.number().nullable(),
  chain: z.object({ id: z.number(), chain_name: z.string(), has_region: z.union([z.literal(0), z.literal(1)]) }),
  region: z.object({ id: z.number(), region_name: z.string() }).nullable(),
  city: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  created_at: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

export const STORE_SORTS = [
  'id',
  'store_name',
  'phone',
  'email',
  'invoice_address',
  'contact_person',
  'chain_name',
  'region_name',
  'city',
  'created_at',
] as const;

/** The store form loads its regions dropdown 20 at a time (spec 7). */
export const STORE_FORM_REGION_LIMIT = 20;

/** The store list's query (and its export's). */
export const storeListQuery = listQuery(STORE_SORTS).extend({ chain_id: filterId(), region_id: filterId() });
