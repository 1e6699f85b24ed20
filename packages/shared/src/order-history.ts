/**
 * An order's history as lines a person reads (api-contract "Workflow rules that hold together": the
 * answer keeps `field`, `from` and `to` as data; the app and the PDF word them). Which sentence a
 * change is and what fills it is decided here once; each side supplies the words of its language
 * (the app's `orders:history.*`, the server's `orders.history.*`) and its date format.
 */
import type { OrderHistoryEntry } from './orders.ts';

export interface HistoryWords {
  /** The text of a key under `history.` in the reader's language, filled with `params`. */
  text: (key: string, params?: Record<string, string>) => string;
  /** A moment as the reader reads it (in APP_TIMEZONE). */
  dateTime: (iso: string) => string;
  /** A status, approval status, priority or not-to-exceed amount as the reader reads it (`label`: the server's). */
  value: (field: Valued, raw: string, label: string | null) => string;
}

/** The changes worded as "field: from → to"; anything else has a sentence of its own below. */
export const HISTORY_FIELDS = [
  'status',
  'approval_status',
  'priority',
  'technician',
  'planned_at',
  'completed_at',
  'asset',
  'visit',
  'visit_outcome',
  'visit_labour',
  'nte_minor',
  'quote',
] as const;
type Field = (typeof HISTORY_FIELDS)[number];
type Valued = 'status' | 'approval_status' | 'priority' | 'nte_minor';

const DATES: readonly string[] = ['planned_at', 'completed_at'];
const VALUED: readonly string[] = ['status', 'approval_status', 'priority', 'nte_minor'];
/** The outcomes a technician's check-out records (visits), and the one a visit left open gets. */
const OUTCOMES = ['done', 'follow_up', 'parts', 'quote', 'auto_closed'];
/** A quote's states (costs). */
const QUOTE_STATES = ['submitted', 'approved', 'rejected'];

/** One change of the order as a sentence in the reader's language; never a key or a slug. */
export function historyLine(entry: OrderHistoryEntry, words: HistoryWords): string {
  const { text } = words;
  const to = entry.to ?? '';
  const outcome = (value: string) => (OUTCOMES.includes(value) ? text(`outcome.${value}`) : value);
  // A visit's span is "start – end" (ISO), the end empty while it is open.
  const span = (value: string) =>
    value
      .split(' – ')
      .map((part) => (part ? words.dateTime(part) : '…'))
      .join(' – ');
  const shown = (field: Field, raw: string) => {
    if (DATES.includes(field)) return words.dateTime(raw);
    if (VALUED.includes(field)) {
      const label = raw === entry.from ? entry.from_label : entry.to_label;
      return words.value(field as Valued, raw, label);
    }
    if (field === 'visit') return span(raw);
    if (field === 'visit_outcome') return outcome(raw);
    if (field === 'quote') return QUOTE_STATES.includes(raw) ? text(`quoteState.${raw}`) : raw;
    return raw;
  };
  switch (entry.field) {
    case 'created':
      return entry.from
        ? text('createdFollowUp', { number: to, original: entry.from })
        : text('created', { number: to });
    case 'document':
      return text('document', { name: to });
    case 'confirmed':
      return text(to === 'fixed' ? 'confirmedFixed' : 'confirmedNotFixed');
    case 'recall':
      return text('recall', { number: to });
    case 'resolution':
      return entry.to === null ? text('resolutionCleared') : text('resolution', { text: to });
    case 'check_in':
      return text('checkIn', { at: words.dateTime(to) });
    case 'check_out':
      return text('checkOut', { outcome: outcome(to) });
    case 'visit_confirmed':
      return text('visitConfirmed', { at: words.dateTime(to) });
  }
  if (!(HISTORY_FIELDS as readonly string[]).includes(entry.field)) return text('other');
  const field = entry.field as Field;
  const name = text(`fields.${field}`);
  if (entry.from === null) return text('set', { field: name, to: shown(field, to) });
  if (entry.to === null) return text('cleared', { field: name, from: shown(field, entry.from) });
  return text('changed', { field: name, from: shown(field, entry.from), to: shown(field, entry.to) });
}

/** Every key under `history.` that historyLine may ask for: each language must have them all. */
export const HISTORY_KEYS = [
  'created',
  'createdFollowUp',
  'document',
  'confirmedFixed',
  'confirmedNotFixed',
  'recall',
  'resolution',
  'resolutionCleared',
  'checkIn',
  'checkOut',
  'visitConfirmed',
  'other',
  'set',
  'cleared',
  'changed',
  ...OUTCOMES.map((o) => `outcome.${o}`),
  ...QUOTE_STATES.map((q) => `quoteState.${q}`),
  ...HISTORY_FIELDS.map((f) => `fields.${f}`),
];
