import type { Locale } from '@wop/shared/constants';
import directory from './emergency-contacts.json';

/**
 * The emergency (jour) phone list, kept as data (emergency-contacts.json) so that an
 * administrator's real numbers replace these without touching the page.
 *
 * EXAMPLE DATA: every number in it is in the range the Swedish Post and Telecom Authority
 * (PTS) reserves for fiction (070-174 06 05 to 070-174 06 99), so none of them reaches a
 * real person. Finnish cities use the same safe range until real numbers are provided.
 */

export type Trade = 'electrical' | 'plumbing' | 'refrigeration';
export const TRADES: readonly Trade[] = ['electrical', 'plumbing', 'refrigeration'];

export type Localized = Record<Locale, string>;

export interface EmergencyLine {
  trade: Trade;
  /** The service partner answering the line. */
  partner: string;
  /** As it is shown; the `tel:` link is derived from it. */
  phone: string;
}

export interface CityContacts {
  id: string;
  city: Localized;
  country: 'SE' | 'FI';
  lines: EmergencyLine[];
}

export interface EmergencyDirectory {
  /** True until an administrator supplies the real numbers; the page says so. */
  isExample: boolean;
  officeDesk: { phone: string };
  cities: CityContacts[];
}

export const EMERGENCY_DIRECTORY = directory as EmergencyDirectory;

/** `tel:` target: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}
