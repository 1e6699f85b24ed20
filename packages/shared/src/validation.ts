/**
 * Validation messages, written once for the server and the web app.
 * Zod issues carry a language-neutral key (`v:required`, `v:min_length:6`, ...); the key is
 * turned into text in the caller's language where it is shown.
 */
import { z } from 'zod';
import type { Locale } from './constants.ts';

type Catalog = Record<string, string>;

const en: Catalog = {
  required: 'is required',
  number: 'must be a number',
  integer: 'must be a whole number',
  text: 'must be text',
  boolean: 'must be yes or no',
  email: 'must be a valid email address',
  min_length: 'must be at least {n} characters',
  max_length: 'may not be longer than {n} characters',
  exact_length: 'must be exactly {n} characters',
  min_value: 'must be at least {n}',
  max_value: 'may not be greater than {n}',
  digits_min: 'must be atleast {n} digits',
  invalid: 'is invalid',
  not_allowed: 'is not allowed',
  not_found: 'does not exist',
  confirmed: 'does not match the new password',
  not_email: 'may not be the same as the e-mail address',
  unique: 'has already been taken',
  date: 'must be a valid date',
  date_range: 'must be two dates: DD-MM-YYYY HH:mm:ss|DD-MM-YYYY HH:mm:ss',
  sort_by: 'cannot be sorted by this column',
  file_type: 'must be a file of type: {n}',
  file_size: 'may not be larger than {n} MB',
  file_count: 'may not have more than {n} files',
  control_characters: 'may not contain control characters',
  invalid_date: 'must be a real date between the years 2000 and 2100',
  object_body: 'the request body must be a JSON object',
  tag_chars: 'may contain only letters A-Z, digits, dots, hyphens and underscores',
  not_before_installed: 'may not be before the installation date',
  not_before_start: 'may not be before the start date',
  one_target_kind: 'must be stores or assets, not both and not neither',
  for_freq: 'does not apply to this frequency',
  one_chain: 'must all belong to one chain',
  whole_minor_units: 'must be a whole number of minor units (cents, öre), without decimals',
  url: 'must be an address such as https://login.example.com',
  domain: 'must be a domain name such as example.com',
  max_items: 'may not have more than {n} entries',
  other_store: "belongs to another store than the order's",
  only_completed: 'can be given only when the order is completed',
  future: 'must be in the future',
};

const sv: Catalog = {
  required: 'är obligatoriskt',
  number: 'måste vara ett nummer',
  integer: 'måste vara ett heltal',
  text: 'måste vara text',
  boolean: 'måste vara ja eller nej',
  email: 'måste vara en giltig e-postadress',
  min_length: 'måste vara minst {n} tecken',
  max_length: 'får vara högst {n} tecken',
  exact_length: 'måste vara exakt {n} tecken',
  min_value: 'måste vara minst {n}',
  max_value: 'får vara högst {n}',
  digits_min: 'måste ha minst {n} siffror',
  invalid: 'är ogiltigt',
  not_allowed: 'är inte tillåtet',
  not_found: 'finns inte',
  confirmed: 'matchar inte det nya lösenordet',
  not_email: 'får inte vara samma som e-postadressen',
  unique: 'används redan',
  date: 'måste vara ett giltigt datum',
  date_range: 'måste vara två datum: DD-MM-ÅÅÅÅ TT:mm:ss|DD-MM-ÅÅÅÅ TT:mm:ss',
  sort_by: 'går inte att sortera på den här kolumnen',
  file_type: 'måste vara en fil av typen: {n}',
  file_size: 'får vara högst {n} MB',
  file_count: 'får innehålla högst {n} filer',
  control_characters: 'får inte innehålla styrtecken',
  invalid_date: 'måste vara ett verkligt datum mellan åren 2000 och 2100',
  object_body: 'anropets innehåll måste vara ett JSON-objekt',
  tag_chars: 'får bara innehålla bokstäverna A-Z, siffror, punkter, bindestreck och understreck',
  not_before_installed: 'får inte vara före installationsdatumet',
  not_before_start: 'får inte vara före startdatumet',
  one_target_kind: 'ska vara antingen butiker eller utrustning',
  for_freq: 'gäller inte för den valda upprepningen',
  one_chain: 'måste alla höra till samma kedja',
  whole_minor_units: 'måste vara ett heltal i ören eller cent, utan decimaler',
  url: 'måste vara en adress som https://login.example.com',
  domain: 'måste vara ett domännamn som example.com',
  max_items: 'får ha högst {n} poster',
  other_store: 'hör till en annan butik än arbetsorderns',
  only_completed: 'kan bara anges när ordern är slutförd',
  future: 'måste ligga i framtiden',
};

// Finnish messages follow the field's name and a colon ("Puhelin: virheellinen arvo."): each reads
// as a phrase of its own, since a verb phrase after a colon ("Puhelin: on virheellinen") does not.
const fi: Catalog = {
  required: 'pakollinen tieto',
  number: 'anna numero',
  integer: 'anna kokonaisluku',
  text: 'anna tekstiä',
  boolean: 'valitse kyllä tai ei',
  email: 'anna kelvollinen sähköpostiosoite',
  min_length: 'vähintään {n} merkkiä',
  max_length: 'enintään {n} merkkiä',
  exact_length: 'tasan {n} merkkiä',
  min_value: 'vähintään {n}',
  max_value: 'enintään {n}',
  digits_min: 'vähintään {n} numeroa',
  invalid: 'virheellinen arvo',
  not_allowed: 'ei sallittu',
  not_found: 'ei löydy',
  confirmed: 'ei vastaa uutta salasanaa',
  not_email: 'ei saa olla sama kuin sähköpostiosoite',
  unique: 'jo käytössä',
  date: 'anna kelvollinen päivämäärä',
  date_range: 'anna kaksi päivämäärää muodossa PP-KK-VVVV TT:mm:ss|PP-KK-VVVV TT:mm:ss',
  sort_by: 'tämän sarakkeen mukaan ei voi lajitella',
  file_type: 'sallitut tiedostotyypit: {n}',
  file_size: 'enintään {n} Mt',
  file_count: 'enintään {n} tiedostoa',
  control_characters: 'ei saa sisältää ohjausmerkkejä',
  invalid_date: 'anna todellinen päivämäärä vuosilta 2000–2100',
  object_body: 'pyynnön sisällön on oltava JSON-objekti',
  tag_chars: 'vain kirjaimet A–Z, numerot, pisteet, yhdysmerkit ja alaviivat',
  not_before_installed: 'ei voi olla ennen asennuspäivää',
  not_before_start: 'ei voi olla ennen aloituspäivää',
  one_target_kind: 'valitse joko myymälät tai laitteet',
  for_freq: 'ei koske tätä toistuvuutta',
  one_chain: 'kaikkien on kuuluttava samaan ketjuun',
  whole_minor_units: 'anna kokonaisluku sentteinä tai äyreinä, ilman desimaaleja',
  url: 'anna osoite, esimerkiksi https://login.example.com',
  domain: 'anna verkkotunnus, esimerkiksi example.com',
  max_items: 'enintään {n} kohdetta',
  other_store: 'kuuluu toiseen myymälään kuin työtilaus',
  only_completed: 'voidaan antaa vain valmiille tilaukselle',
  future: 'on oltava tulevaisuudessa',
};

const catalogs: Record<Locale, Catalog> = { en, sv, fi };

/** A message key with an optional parameter: `v('min_length', 6)` -> `v:min_length:6`. */
export const v = (key: keyof typeof en, n?: string | number): string =>
  n === undefined ? `v:${key}` : `v:${key}:${n}`;

/** Turns a key from `v()` into text in a language; any other text is returned as it is. */
export function validationText(message: string, locale: Locale): string {
  if (!message.startsWith('v:')) return message;
  const [, key, ...rest] = message.split(':');
  const template = catalogs[locale][key] ?? catalogs.en[key] ?? en.invalid;
  return template.replace('{n}', rest.join(':'));
}

type Issue = Parameters<NonNullable<NonNullable<Parameters<typeof z.config>[0]>['customError']>>[0];

function issueKey(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return v('required');
      if (issue.expected === 'number' || issue.expected === 'int') return v('number');
      if (issue.expected === 'boolean') return v('boolean');
      if (issue.expected === 'string') return v('text');
      return v('invalid');
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? v('required') : v('min_length', Number(issue.minimum));
      if (issue.origin === 'array') return Number(issue.minimum) <= 1 ? v('required') : v('invalid');
      return v('min_value', Number(issue.minimum));
    case 'too_big':
      if (issue.origin === 'string') return v('max_length', Number(issue.maximum));
      if (issue.origin === 'array') return v('file_count', Number(issue.maximum));
      return v('max_value', Number(issue.maximum));
    case 'invalid_format':
      return issue.format === 'email' ? v('email') : v('invalid');
    case 'unrecognized_keys':
      return v('not_allowed');
    default:
      return v('invalid');
  }
}

/** Makes every Zod schema of the process report language-neutral keys. Call once at start-up. */
export function installValidationMessages(): void {
  z.config({ customError: (issue) => issueKey(issue) });
}

/**
 * The key of an issue: the schema's own `v()` key, else one derived from the rule that failed, so
 * a validator's default English text never reaches a user, even where `installValidationMessages`
 * did not run.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  return issue.message.startsWith('v:') ? issue.message : issueKey(issue as unknown as Issue);
}

/** How a field's label and a rule's text make one sentence: "Store name is required." */
const sentence: Record<Locale, string> = {
  en: '{field} {message}.',
  sv: '{field} {message}.',
  fi: '{field}: {message}.',
};

/** "Store name is required.": a message (a `v()` key or a catalogue text) under a field's label. */
export function labelledText(label: string, message: string, locale: Locale): string {
  const text = validationText(message, locale).replace(/[.\s]+$/, '');
  return sentence[locale].replace('{field}', label).replace('{message}', text);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const keyPatterns = Object.fromEntries(
  (Object.keys(catalogs) as Locale[]).map((locale) => [
    locale,
    Object.entries(catalogs[locale])
      // The longest template first: "must be at least {n} characters" before "must be at least {n}".
      .sort(([, a], [, b]) => b.length - a.length)
      .map(
        ([key, template]) => [key, new RegExp(`^${escapeRegExp(template).replace('\\{n\\}', '(.+)')}\\.?$`)] as const,
      ),
  ]),
) as Record<Locale, (readonly [string, RegExp])[]>;

/**
 * The `v()` key of a catalogue text ("must be at least 6 characters" -> `v:min_length:6`), so a
 * server's 422 message is shown exactly as the same rule caught in the browser; undefined for
 * any other text.
 */
export function validationKey(text: string, locale: Locale): string | undefined {
  for (const [key, pattern] of keyPatterns[locale]) {
    const match = pattern.exec(text.trim());
    if (match) return match[1] === undefined ? `v:${key}` : `v:${key}:${match[1]}`;
  }
  return undefined;
}

/** Groups Zod issues per field (`a.b` for nested paths) with texts in a language. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], locale: Locale): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length
      ? issue.path.join('.')
      : issue.code === 'unrecognized_keys'
        ? issue.keys.join(',')
        : '_';
    const list = errors[field] ?? [];
    list.push(validationText(issueMessage(issue), locale));
    errors[field] = list;
  }
  return errors;
}
