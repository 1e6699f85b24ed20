import type { CalendarItem, OccurrenceStatus } from '@wop/shared/plans';

/** One line of a calendar day: one plan's occurrences of one status that day. */
export interface CalendarGroup {
  key: string;
  plan_id: number;
  plan_title: string;
  status: OccurrenceStatus;
  items: CalendarItem[];
}

/**
 * A day's items by plan and status, in their order: a plan for a hundred stores is one line that
 * day, not a hundred. A line of one item leads to its order when it has one, else to its plan.
 */
export function groupDay(items: readonly CalendarItem[]): CalendarGroup[] {
  const groups = new Map<string, CalendarGroup>();
  for (const item of items) {
    const key = `${item.plan_id}-${item.status}`;
    const group = groups.get(key);
    if (group) group.items.push(item);
    else
      groups.set(key, { key, plan_id: item.plan_id, plan_title: item.plan_title, status: item.status, items: [item] });
  }
  return [...groups.values()];
}

/** What a one-item line names: the asset (with its store) or the store. */
export const targetName = (item: CalendarItem) =>
  item.asset_name ? `${item.asset_name} (${item.store_name})` : item.store_name;
