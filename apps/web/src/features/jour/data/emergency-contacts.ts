import type { Locale } from '@wop/shared/constants';

/**
 * The emergency (jour) phone list, kept as data so that an administrator's real numbers
 * replace these without touching the page.
 *
 * EXAMPLE DATA: every number below is in the range the Swedish Post and Telecom Authority
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

export const EMERGENCY_DIRECTORY: EmergencyDirectory = {
  isExample: true,
  officeDesk: { phone: '070-174 06 05' },
  cities: [
    {
      id: 'stockholm',
      city: { en: 'Stockholm', sv: 'Stockholm', fi: 'Tukholma' },
      country: 'SE',
      lines: [
        { trade: 'electrical', partner: 'Exempel El AB', phone: '070-174 06 10' },
        { trade: 'plumbing', partner: 'Exempel VVS AB', phone: '070-174 06 11' },
        { trade: 'refrigeration', partner: 'Exempel Kyl AB', phone: '070-174 06 12' },
      ],
    },
    {
      id: 'gothenburg',
      city: { en: 'Gothenburg', sv: 'Göteborg', fi: 'Göteborg' },
      country: 'SE',
      lines: [
        { trade: 'electrical', partner: 'Exempel El Väst AB', phone: '070-174 06 20' },
        { trade: 'plumbing', partner: 'Exempel Rör Väst AB', phone: '070-174 06 21' },
        { trade: 'refrigeration', partner: 'Exempel Kyla Väst AB', phone: '070-174 06 22' },
      ],
    },
    {
      id: 'malmo',
      city: { en: 'Malmö', sv: 'Malmö', fi: 'Malmö' },
      country: 'SE',
      lines: [
        { trade: 'electrical', partner: 'Exempel El Syd AB', phone: '070-174 06 30' },
        { trade: 'plumbing', partner: 'Exempel VVS Syd AB', phone: '070-174 06 31' },
        { trade: 'refrigeration', partner: 'Exempel Kyl Syd AB', phone: '070-174 06 32' },
      ],
    },
    {
      id: 'helsinki',
      city: { en: 'Helsinki', sv: 'Helsingfors', fi: 'Helsinki' },
      country: 'FI',
      lines: [
        { trade: 'electrical', partner: 'Esimerkki Sähkö Oy', phone: '+46 70 174 06 40' },
        { trade: 'plumbing', partner: 'Esimerkki Putki Oy', phone: '+46 70 174 06 41' },
        { trade: 'refrigeration', partner: 'Esimerkki Kylmä Oy', phone: '+46 70 174 06 42' },
      ],
    },
    {
      id: 'tampere',
      city: { en: 'Tampere', sv: 'Tammerfors', fi: 'Tampere' },
      country: 'FI',
      lines: [
        { trade: 'electrical', partner: 'Esimerkki Sähkö Pirkanmaa Oy', phone: '+46 70 174 06 50' },
        { trade: 'plumbing', partner: 'Esimerkki LVI Pirkanmaa Oy', phone: '+46 70 174 06 51' },
        { trade: 'refrigeration', partner: 'Esimerkki Kylmä Pirkanmaa Oy', phone: '+46 70 174 06 52' },
      ],
    },
  ],
};

/** `tel:` target: digits and a leading plus only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}
