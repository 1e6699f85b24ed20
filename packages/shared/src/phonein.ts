/**
 * Phone-in for urgent orders (api-contract "Phone-in for urgent orders"): the after-hours on-call lines by
 * city and trade, the service desk's number, and what the answer to creating an ASAP order carries.
 */
import { z } from 'zod';
import { OFFICE_HOURS, STORE_CITY_MAX } from './constants.ts';
import { optionalId } from './org-fields.ts';
import { requiredText } from './primitives.ts';
import { v } from './validation.ts';

export const PHONE_IN_PHONE_MAX = 50;

/** A phone number as people write it: digits with spaces, dashes or brackets, and an optional leading plus. */
export const phoneNumber = () =>
  requiredText(PHONE_IN_PHONE_MAX).pipe(z.string().regex(/^\+?[\d\s()-]*\d[\d\s()-]*$/, { error: v('invalid') }));

/** An on-call line: `work_type_id` null answers for every trade of the city without a line of its own. */
export const oncallLineBody = z.object({
  city: requiredText(STORE_CITY_MAX),
  work_type_id: optionalId,
  partner: requiredText(),
  phone: phoneNumber(),
});
export type OncallLineBody = z.output<typeof oncallLineBody>;
export type OncallLineInput = z.input<typeof oncallLineBody>;

export const oncallLineSchema = z.object({
  id: z.number(),
  city: z.string(),
  work_type_id: z.number().nullable(),
  /** The title in the caller's language; null for a line of every trade. */
  work_type: z.object({ id: z.number(), slug: z.string(), title: z.string() }).nullable(),
  partner: z.string(),
  phone: z.string(),
  created_at: z.string(),
});
export type OncallLine = z.infer<typeof oncallLineSchema>;

export const serviceDeskBody = z.object({ service_desk_phone: phoneNumber() });
export type ServiceDeskBody = z.output<typeof serviceDeskBody>;
export const serviceDeskSchema = z.object({ service_desk_phone: z.string() });

/** GET /api/oncall-lines: the whole list (it is short), the service desk and the office hours. */
export const oncallDirectorySchema = z.object({
  service_desk_phone: z.string(),
  office_hours: z.object({ days: z.literal(OFFICE_HOURS.days), from: z.string(), to: z.string() }),
  lines: z.array(oncallLineSchema),
});
export type OncallDirectory = z.infer<typeof oncallDirectorySchema>;

/** In the answer to creating an ASAP order: whom to phone now. */
export const phoneInSchema = z.object({
  /** Outside office hours: an on-call line (or, for a city without one, still the service desk). */
  after_hours: z.boolean(),
  number: z.string(),
  /** Who answers, in the caller's language: "Service desk", or the partner and the city. */
  label: z.string(),
});
export type PhoneIn = z.infer<typeof phoneInSchema>;

/** `tel:` target of a number as it is shown: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}
