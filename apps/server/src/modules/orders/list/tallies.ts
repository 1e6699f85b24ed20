/**
 * What the order tallies count, named once. A tally table holds, per key, how many orders have that
 * key: the list's totals and the dashboard sum a few of its rows instead of counting up to every
 * order. Triggers on `orders` keep them exact in every writing transaction (migrations 0008 and
 * 0015 create them, grouping by KEY_ON_ORDERS).
 *
 * A list filter says which keys decide it (list/filter.ts CONDITIONS, `tally`); a total is read from
 * the smallest table below whose keys hold every key of the list's filters and scope, and counted
 * from the orders when none does.
 */

/** The keys of the tallies, as the columns of the tally tables. */
export type TallyKey =
  | 'chain_id'
  | 'region_id'
  | 'store_id'
  | 'technician_id'
  | 'status_id'
  | 'approval_status'
  | 'recalled';

/** Each key as an expression on `orders`: what the triggers group by, and what a check recounts. */
export const KEY_ON_ORDERS: Record<TallyKey, string> = {
  chain_id: 'chain_id',
  region_id: 'region_id',
  store_id: 'store_id',
  technician_id: 'technician_id',
  status_id: 'status_id',
  approval_status: 'approval_status',
  recalled: 'recall_order_id is not null',
};

export interface Tally {
  table: 'order_tallies' | 'order_technician_tallies';
  keys: readonly TallyKey[];
  /** Counts only the orders that have this key (not null): it answers only lists narrowed by it. */
  only?: TallyKey;
}

/** Smallest first: a technician's orders lie in many stores, a dozen rows here against thousands. */
export const TALLIES: readonly Tally[] = [
  {
    table: 'order_technician_tallies',
    keys: ['technician_id', 'status_id', 'approval_status', 'recalled'],
    only: 'technician_id',
  },
  {
    table: 'order_tallies',
    keys: ['chain_id', 'region_id', 'store_id', 'technician_id', 'status_id', 'approval_status', 'recalled'],
  },
];

/** The smallest tally that answers a count narrowed by these keys, or undefined (count the orders). */
export function tallyFor(keys: Iterable<TallyKey>): Tally | undefined {
  const used = new Set(keys);
  return TALLIES.find(
    (tally) => [...used].every((key) => tally.keys.includes(key)) && (!tally.only || used.has(tally.only)),
  );
}
