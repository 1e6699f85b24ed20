import type { Locale } from '@wop/shared/constants';
import { translate } from '../../i18n/index.ts';

/** A status in a language: the five built-in ones are translated, others show their title. */
export function statusLabel(locale: Locale, slug: string, title: string): string {
  const key = `orderstatus.label.${slug}`;
  const text = translate(locale, key);
  return text === key ? title : text;
}
