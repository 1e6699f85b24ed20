/** Field parsers shared by the organisation forms (chains, regions, stores, users). */
import { z } from 'zod';
import { int4Id, requiredText, text } from './primitives.ts';

export { requiredText };

/** Empty strings and null count as "not given". */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A required e-mail address. */
export const requiredEmail = (max = 255) => requiredText(max).pipe(z.email());

/** An optional e-mail address: empty means none (null). */
export const optionalEmail = (max = 255) =>
  z.preprocess(blankToUndefined, text().trim().max(max).pipe(z.email()).optional()).transform((v) => v ?? null);

/** A positive id from JSON or a form ("7" or 7). */
export const idValue = int4Id();

/** A required id. */
export const requiredId = z.preprocess(blankToUndefined, idValue);

/** An optional id: empty means none (null). */
export const optionalId = z.preprocess(blankToUndefined, idValue.optional()).transform((v) => v ?? null);

/** A yes/no value sent as 1/0, "1"/"0" or true/false; answered as 1 or 0. */
export const yesNo = z.preprocess(
  (value) => {
    if (value === '' || value === null) return undefined;
    if (value === true || value === 1 || value === '1' || value === 'true') return 1;
    if (value === false || value === 0 || value === '0' || value === 'false') return 0;
    return value;
  },
  z.union([z.literal(1), z.literal(0)], { error: (issue) => (issue.input === undefined ? 'v:required' : 'v:boolean') }),
);
