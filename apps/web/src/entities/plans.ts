/** A maintenance plan's page: what other pages link to (app/router/route-table.ts has the route). */
export const planPath = (id: number) => `/plans/${id}`;

/** The month calendar of plans, optionally for one chain, region or store. */
export function plansCalendarPath(filters: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(filters).map(([name, value]) => [name, String(value)]));
  return query.size > 0 ? `/plans/calendar?${query}` : '/plans/calendar';
}
