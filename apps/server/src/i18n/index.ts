import { DEFAULT_LOCALE, isLocale, type Locale } from '@wop/shared/constants';
import { validationText } from '@wop/shared/validation';
import type { Params } from '../lib/errors.ts';
import { common } from './common.ts';

/** Each module keeps its messages in its own file (`{ en, sv, fi }` of key -> text) and lists it here. */
const catalogues = [common];

type Flat = Record<string, string>;
const messages: Record<Locale, Flat> = { en: {}, sv: {}, fi: {} };
for (const catalogue of catalogues) {
  for (const locale of ['en', 'sv', 'fi'] as const) Object.assign(messages[locale], catalogue[locale]);
}

export type Catalogue = Record<Locale, Flat>;

/** Text for a key in a language (falls back to English, then to the key itself). */
export function translate(locale: Locale, key: string, params?: Params): string {
  if (key.startsWith('v:')) return validationText(key, locale);
  const template = messages[locale][key] ?? messages.en[key] ?? key;
  return params ? template.replace(/\{(\w+)\}/g, (m, name: string) => String(params[name] ?? m)) : template;
}

/** The language of a request: the `lang` header, else the first known Accept-Language entry, else en. */
export function requestLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const lang = headers.lang;
  if (typeof lang === 'string' && isLocale(lang.trim().toLowerCase())) return lang.trim().toLowerCase() as Locale;
  const accept = headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const code = part.split(';')[0].trim().slice(0, 2).toLowerCase();
      if (isLocale(code)) return code;
    }
  }
  return DEFAULT_LOCALE;
}

export function registerCatalogue(catalogue: Catalogue): void {
  for (const locale of ['en', 'sv', 'fi'] as const) Object.assign(messages[locale], catalogue[locale]);
}
