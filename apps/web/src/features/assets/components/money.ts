/**
 * Money is kept in minor units (öre, cents) and typed in major ones: 12 500,50 kr is 1250050. The
 * currency is the chain's; until chains carry one the amount is shown as a number.
 */
export function formatMinor(minor: number | null, lng: string): string {
  if (minor === null) return '–';
  return new Intl.NumberFormat(lng === 'sv' ? 'sv-SE' : lng === 'fi' ? 'fi-FI' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}

/** The minor units of an amount typed in major units ("12 500,50", "12500.5"); NaN for anything else. */
export function toMinor(text: string): number | null {
  const compact = text.replace(/[\s\u00a0']/g, '');
  if (compact === '') return null;
  if (!/^\d+([.,]\d{1,2})?$/.test(compact)) return Number.NaN;
  return Math.round(Number(compact.replace(',', '.')) * 100);
}

/** The typed form of minor units: "12500.50" -> shown as the user wrote it back. */
export const fromMinor = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
