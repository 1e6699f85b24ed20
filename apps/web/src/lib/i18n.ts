import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@wop/shared/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/fi';
import 'dayjs/locale/sv';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/**
 * Translations are JSON files per language and namespace: `src/locales/<lng>/<namespace>.json`.
 * They are picked up automatically; adding a namespace means adding its three files.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

function buildResources(): Resource {
  const resources: Resource = {};
  for (const [path, mod] of Object.entries(files)) {
    const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match;
    resources[lng] ??= {};
    resources[lng][ns] = mod.default;
  }
  return resources;
}

export const resources = buildResources();
export const NAMESPACES = Object.keys(resources[DEFAULT_LOCALE] ?? {});

/** Native names: a language is always offered in its own tongue. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', sv: 'Svenska', fi: 'Suomi' };

export function getStoredLanguage(): Locale {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: getStoredLanguage(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLanguageSideEffects(lng: Locale): void {
  dayjs.locale(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}
applyLanguageSideEffects(getStoredLanguage());

/** The language of the interface, sent to the server as the `lang` header. */
export function currentLanguage(): Locale {
  return isLocale(i18n.language) ? i18n.language : getStoredLanguage();
}

/** Switches the interface language and remembers it for the next visit. */
export async function setLanguage(lng: Locale): Promise<void> {
  writeStorage(STORAGE_KEYS.language, lng);
  applyLanguageSideEffects(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}
