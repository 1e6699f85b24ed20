import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@wop/shared/constants';
import { validationText } from '@wop/shared/validation';
import i18next, { type i18n, type Resource } from 'i18next';
import type { Params } from '../lib/errors.ts';

/** The server's message catalogues: `locales/<locale>/<module>.json`, flat `module.key` -> text, like the web app's. */
export const localesFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../locales');

/** Reads every catalogue of every language from a folder. */
export function readCatalogues(folder: string): Resource {
  const resources: Resource = {};
  for (const locale of LOCALES) {
    const translation: Record<string, string> = {};
    const dir = path.join(folder, locale);
    for (const file of fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()) {
      Object.assign(translation, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    }
    resources[locale] = { translation };
  }
  return resources;
}

let instance: i18n | undefined;

/** Loads the catalogues once (synchronously: every text is known before the first request). */
export function loadCatalogues(folder = localesFolder): i18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  instance.init({
    resources: readCatalogues(folder),
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // Keys are flat (`roles.not_found`) and parameters are written `{name}`.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** Texts without parameters by language and key, as looked up (see translate). */
const plainTexts = new Map<string, string>();

/** Text for a key in a language (falls back to English, then to the key itself). */
export function translate(locale: Locale, key: string, params?: Params): string {
  if (key.startsWith('v:')) return validationText(key, locale);
  if (params) return loadCatalogues().t(key, { lng: locale, ...params });
  // The catalogues never change once loaded: a text without parameters is looked up once. A list of
  // orders asks for two labels per row (i18next takes ~2 µs for each).
  const memoKey = `${locale}\u0000${key}`;
  let text = plainTexts.get(memoKey);
  if (text === undefined) {
    text = loadCatalogues().t(key, { lng: locale });
    // Keys come from the code and from status slugs; the bound only guards against a runaway caller.
    if (plainTexts.size >= 10_000) plainTexts.clear();
    plainTexts.set(memoKey, text);
  }
  return text;
}

/** The language of a request: the `lang` header, else the first known Accept-Language entry, else en. */
/** The language a request names in its `lang` header (a choice of the user's), or null. */
export function chosenLocale(headers: Record<string, string | string[] | undefined>): Locale | null {
  const lang = headers.lang;
  return typeof lang === 'string' && isLocale(lang.trim().toLowerCase()) ? (lang.trim().toLowerCase() as Locale) : null;
}

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
