import { LOCALES } from '@wop/shared/constants';
import { describe, expect, it } from 'vitest';
import { localesFolder, readCatalogues, translate } from './index.ts';

const catalogues = readCatalogues(localesFolder);
const texts = (locale: string) => catalogues[locale].translation as Record<string, string>;
const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server message catalogues', () => {
  it('have every key in every language, with the same parameters', () => {
    const keys = Object.keys(texts('en')).sort();
    expect(keys.length).toBeGreaterThan(50);
    for (const locale of LOCALES) {
      expect(Object.keys(texts(locale)).sort(), locale).toEqual(keys);
      for (const key of keys) {
        expect(texts(locale)[key].trim(), `${locale} ${key}`).not.toBe('');
        expect(params(texts(locale)[key]), `${locale} ${key}`).toEqual(params(texts('en')[key]));
      }
    }
  });

  it('answer in the asked language with parameters filled in, English for an unknown language key', () => {
    expect(translate('sv', 'errors.too_many_attempts', { seconds: 30 })).toBe(
      'För många försök. Försök igen om 30 sekunder.',
    );
    expect(translate('fi', 'errors.forbidden')).not.toBe(translate('en', 'errors.forbidden'));
    expect(translate('fi', 'no.such.key')).toBe('no.such.key');
  });

  it('give each language its own text when asked again (texts without parameters are looked up once)', () => {
    for (let round = 0; round < 2; round++) {
      for (const locale of LOCALES) {
        expect(translate(locale, 'errors.forbidden'), `${locale}, round ${round}`).toBe(
          texts(locale)['errors.forbidden'],
        );
      }
      expect(translate('sv', 'errors.too_many_attempts', { seconds: round })).toContain(`${round} sekunder`);
    }
  });
});
