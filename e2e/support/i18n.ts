import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@wop/shared/constants';

/** The web app's own translation files: specs read labels from them instead of copying strings. */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/locales');

/** Login route per language (spec 2). */
export const LOGIN_PATHS: Record<Locale, string> = { en: '/login', sv: '/se/login', fi: '/fn/login' };
/** The language names the language dropdown offers. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', sv: 'Svenska', fi: 'Suomi' };
/** localStorage keys of apps/web/src/lib/storage.ts. */
export const STORAGE_KEYS = {
  token: 'wop.token',
  tokenExpiresAt: 'wop.token_expires_at',
  language: 'wop.language',
  timeZone: 'wop.time_zone',
} as const;

const cache = new Map<string, Record<string, unknown>>();

/**
 * A translated string, as `t('sv', 'common:nav.orders')` (namespace defaults to common).
 * Throws when the key is missing, so a renamed key fails loudly instead of matching nothing.
 */
export function t(lng: Locale, key: string): string {
  const [ns, dotted] = key.includes(':') ? key.split(':', 2) : ['common', key];
  const file = path.join(localesDir, lng, `${ns}.json`);
  let data = cache.get(file);
  if (!data) {
    data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    cache.set(file, data);
  }
  let value: unknown = data;
  for (const part of dotted.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`no translation ${lng}:${ns}:${dotted}`);
  return value;
}
