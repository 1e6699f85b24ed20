import type { OncallLine } from '@wop/shared/phonein';

export interface TradeColumn {
  /** The work type's id; 0 for the lines of every trade. */
  key: number;
  slug: string | null;
  /** Null for the lines of every trade. */
  title: string | null;
}
export interface CityRow {
  key: string;
  name: string;
  lines: OncallLine[];
}

/**
 * The jour table: a row per city (the same city in any case is one), a column per trade that has a line
 * (a "every trade" column first when a city has a general line).
 */
export function tableOf(lines: readonly OncallLine[]): { trades: TradeColumn[]; cities: CityRow[] } {
  const trades = new Map<number, TradeColumn>();
  const cities = new Map<string, CityRow>();
  for (const line of lines) {
    const key = line.work_type_id ?? 0;
    if (!trades.has(key))
      trades.set(key, { key, slug: line.work_type?.slug ?? null, title: line.work_type?.title ?? null });
    const cityKey = line.city.trim().toLocaleLowerCase();
    const city = cities.get(cityKey) ?? { key: cityKey, name: line.city, lines: [] };
    city.lines.push(line);
    cities.set(cityKey, city);
  }
  return { trades: [...trades.values()].sort((a, b) => a.key - b.key), cities: [...cities.values()] };
}

/**
 * A number in the range the Swedish Post and Telecom Authority (PTS) reserves for fiction (070-174 06 05 to
 * 070-174 06 99, also written +46 70 174 06 ..): the example numbers the product starts with.
 */
export function isExampleNumber(phone: string): boolean {
  const digits = phone.replace(/[^\d+]/g, '').replace(/^\+46/, '0');
  return /^07017406(0[5-9]|[1-9]\d)$/.test(digits);
}
