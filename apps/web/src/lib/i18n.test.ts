import { LOCALES } from '@wop/shared/constants';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';

// test/setup.ts has loaded every language.
const resources = i18n.store.data;
const NAMESPACES = Object.keys(resources.en ?? {});

function keys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('translations', () => {
  it('has every namespace in every language', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'auth', 'account', 'jour', 'welcome']));
    for (const lng of LOCALES) expect(Object.keys(resources[lng] ?? {}).sort()).toEqual([...NAMESPACES].sort());
  });

  it('has the same keys in Swedish and Finnish as in English', () => {
    for (const ns of NAMESPACES) {
      const english = keys(resources.en[ns]).sort();
      for (const lng of ['sv', 'fi'] as const)
        expect({ ns, lng, keys: keys(resources[lng][ns]).sort() }).toEqual({ ns, lng, keys: english });
    }
  });

  it('leaves no value empty', () => {
    for (const lng of LOCALES) {
      for (const ns of NAMESPACES) {
        const flat = JSON.stringify(resources[lng][ns]);
        expect(flat, `${lng}/${ns}`).not.toMatch(/:""/);
      }
    }
  });
});
