import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@wop/shared/constants';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/**
 * Translations are JSON files per language and namespace: `src/locales/<lng>/<namespace>.json`, picked
 * up automatically (adding a namespace means adding its three files). Each language is two chunks,
 * loaded when first shown: the sign-in page's namespaces (`src/locales/<lng>.ts`, before the first
 * render) and the rest (`src/locales/<lng>.app.ts`, with the signed-in app); a signed-in start loads both in
 * one (`src/locales/<lng>.all.ts`).
 */
const bundles = import.meta.glob<Resource[string]>('../locales/*.ts', { import: 'default' });

/** Native names: a language is always offered in its own tongue. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', sv: 'Svenska', fi: 'Suomi' };

export function getStoredLanguage(): Locale {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: getStoredLanguage(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLanguageSideEffects(lng: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyLanguageSideEffects(getStoredLanguage());

/** The language of the interface, sent to the server as the `lang` header. */
export function currentLanguage(): Locale {
  return isLocale(i18n.language) ? i18n.language : getStoredLanguage();
}

async function loadChunk(lng: Locale, chunk: '' | '.app' | '.all', probe: string): Promise<void> {
  if (i18n.hasResourceBundle(lng, probe)) return;
  const load = bundles[`../locales/${lng}${chunk}.ts`];
  if (!load) throw new Error(`no translations for ${lng}`);
  for (const [ns, data] of Object.entries(await load())) i18n.addResourceBundle(lng, ns, data, true, true);
}

/**
 * Fetches a language's translations once; the interface shows it only after they are in. `sign-in`:
 * only what the sign-in page shows (common, auth), so that page loads less before it appears. The whole of a
 * language none of which has come yet (a signed-in start, another language chosen) is one file.
 */
export async function loadLanguage(lng: Locale, part: 'sign-in' | 'all' = 'all'): Promise<void> {
  if (part === 'all' && !i18n.hasResourceBundle(lng, 'common')) return loadChunk(lng, '.all', 'orders');
  await Promise.all([loadChunk(lng, '', 'common'), part === 'all' ? loadChunk(lng, '.app', 'orders') : undefined]);
}

/** Whether a language was chosen on this browser (the sidebar, a language's sign-in page). */
export function hasStoredLanguage(): boolean {
  return isLocale(readStorage(STORAGE_KEYS.language));
}

/** The language chosen on this browser, if any: sent with a sign-in, which the server remembers. */
export function storedLanguage(): Locale | null {
  return hasStoredLanguage() ? getStoredLanguage() : null;
}

/**
 * Shows the interface in a language, without taking it as this browser's choice. `part` as in
 * `loadLanguage`: the sign-in page fetches only what it shows (the signed-in shell fetches the rest).
 */
export async function showLanguage(lng: Locale, part: 'sign-in' | 'all' = 'all'): Promise<void> {
  await loadLanguage(lng, part);
  applyLanguageSideEffects(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

/** Switches the interface language and remembers it for the next visit. */
export async function setLanguage(lng: Locale, part: 'sign-in' | 'all' = 'all'): Promise<void> {
  writeStorage(STORAGE_KEYS.language, lng);
  await showLanguage(lng, part);
}
