import { type Locale, OFFICE_HOURS, PHONE_IN_PRIORITY } from '@wop/shared/constants';
import type { OncallDirectory, OncallLine, OncallLineBody, PhoneIn } from '@wop/shared/phonein';
import { v } from '@wop/shared/validation';
import type { Db, DbOrTx } from '../../db/client.ts';
import { translate } from '../../i18n/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import * as repo from './phonein.repository.ts';

const view = (row: repo.OncallLineRow): OncallLine => ({
  id: row.id,
  city: row.city,
  work_type_id: row.work_type_id,
  work_type:
    row.work_type_id === null
      ? null
      : { id: row.work_type_id, slug: row.work_type_slug ?? '', title: row.work_type_title ?? '' },
  partner: row.partner,
  phone: row.phone,
  created_at: new Date(row.created_at).toISOString(),
});

const values = (body: OncallLineBody): repo.OncallLineValues => ({
  city: body.city,
  workTypeId: body.work_type_id,
  partner: body.partner,
  phone: body.phone,
});

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];

/** Is `at` within OFFICE_HOURS (Mon-Fri, from inclusive, to exclusive) on the clock of `timezone`? */
export function isOfficeHours(at: Date, timezone: string): boolean {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return WEEKDAYS.includes(parts.weekday) && time >= OFFICE_HOURS.from && time < OFFICE_HOURS.to;
}

/**
 * The on-call lines and the service desk number (api-contract "Phone-in for urgent orders"), and whom an
 * ASAP order is phoned in to. `now` is the clock (tests fix it).
 */
export function createPhoneInService(db: Db, timezone: string, now: () => Date = () => new Date()) {
  async function get(id: number, locale: Locale) {
    const row = await repo.findLine(db, id, locale);
    if (!row) throw new NotFoundError('phonein.not_found');
    return row;
  }

  async function checked(body: OncallLineBody, exceptId?: number) {
    const line = values(body);
    if (line.workTypeId !== null && !(await repo.workTypeExists(db, line.workTypeId))) {
      throw ValidationError.field('work_type_id', v('not_found'));
    }
    if ((await repo.findDuplicate(db, line, exceptId)) !== undefined) throw new ConflictError('phonein.duplicate');
    return line;
  }

  return {
    async directory(locale: Locale): Promise<OncallDirectory> {
      const [lines, desk] = await Promise.all([repo.listLines(db, locale), repo.serviceDeskPhone(db)]);
      return { service_desk_phone: desk, office_hours: { ...OFFICE_HOURS }, lines: lines.map(view) };
    },
    get: async (id: number, locale: Locale) => view(await get(id, locale)),
    async create(body: OncallLineBody, locale: Locale) {
      const id = await repo.insertLine(db, await checked(body));
      return view(await get(id, locale));
    },
    async update(id: number, body: OncallLineBody, locale: Locale) {
      await get(id, locale);
      await repo.updateLine(db, id, await checked(body, id));
      return view(await get(id, locale));
    },
    async remove(id: number, locale: Locale) {
      await get(id, locale);
      await repo.deleteLine(db, id);
    },
    async setServiceDesk(phone: string) {
      await repo.setServiceDeskPhone(db, phone);
      return { service_desk_phone: await repo.serviceDeskPhone(db) };
    },

    /**
     * Whom to phone about a new order, or undefined for any priority but ASAP. Within office hours the
     * service desk; outside them the line for the store's city and the work type, else the city's line for
     * every trade, else still the service desk.
     */
    async forOrder(
      on: DbOrTx,
      order: { storeId: number; workTypeId: number; priority: number },
      locale: Locale,
    ): Promise<PhoneIn | undefined> {
      if (order.priority !== PHONE_IN_PRIORITY) return undefined;
      const desk = async (afterHours: boolean) => ({
        after_hours: afterHours,
        number: await repo.serviceDeskPhone(on),
        label: translate(locale, 'phonein.service_desk'),
      });
      if (isOfficeHours(now(), timezone)) return desk(false);
      const line = await repo.lineForStore(on, order.storeId, order.workTypeId);
      if (!line) return desk(true);
      return {
        after_hours: true,
        number: line.phone,
        label: translate(locale, 'phonein.line_label', { partner: line.partner, city: line.city }),
      };
    },
  };
}
