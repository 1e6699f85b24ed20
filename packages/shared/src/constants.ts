/** Business constants of spec section 9 and the API contract. */
export const LOCALES = ['en', 'sv', 'fi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The sign-in page per language (spec 2); the server sends a user back from their chain's provider there. */
export const LOGIN_PATHS: Record<Locale, string> = { en: '/login', sv: '/se/login', fi: '/fn/login' };

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;
/** Page-size choices of list screens (spec 9): 25, 50, 100, 500; English also lists 10. */
export const PAGE_SIZES = [10, 25, 50, 100, 500] as const;
const PAGE_SIZES_NOT_EN: readonly number[] = PAGE_SIZES.filter((size) => size !== 10);
/** The page sizes a list offers in a language: only English lists 10. The same array each call. */
export const pageSizesFor = (locale: Locale): readonly number[] => (locale === 'en' ? PAGE_SIZES : PAGE_SIZES_NOT_EN);

export const PRIORITIES = [10, 20, 30] as const;
export type Priority = (typeof PRIORITIES)[number];
/** Hours from creation until an order of this priority is due. */
export const PRIORITY_DUE_HOURS: Record<Priority, number> = { 10: 48, 20: 14 * 24, 30: 60 * 24 };

/** An order of this priority (ASAP) must also be phoned in (api-contract "Phone-in for urgent orders"). */
export const PHONE_IN_PRIORITY: Priority = 10;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The five built-in order statuses; more can be added by the super-admin. */
export const BUILTIN_ORDER_STATUSES = ['pending', 'planned', 'confirmed', 'revisit-required', 'completed'] as const;
/** Statuses that keep planned_at / completed_at (spec 4). */
export const PLANNED_STATUSES = ['planned', 'revisit-required'] as const;
export const COMPLETED_STATUS = 'completed';

export const CHAT_PAGE_SIZE = 10;
export const CHAT_POLL_MS = 10_000;
export const CHAT_MAX_LENGTH = 5000;
export const WIDE_SCREEN_PX = 992;
export const TOAST_MS = 4000;

/** New passwords (ASVS 2.1.1, 2.1.2): at least 8 and at most 128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const REGION_PHONE_LENGTH = 10;
export const STORE_PHONE_MIN_DIGITS = 9;
export const STORE_CITY_MAX = 100;
export const REGION_EMAIL_MIN_LENGTH = 6;

export const MAX_FILES_PER_REQUEST = 10;
export const ORDER_FILE_TYPES = ['docx', 'png', 'jpg', 'jpeg', 'webp', 'pdf'] as const;
export const CATEGORY_FILE_TYPES = ['docx', 'png', 'jpg', 'pdf'] as const;
export const IMPORT_FILE_TYPES = ['csv', 'txt'] as const;

export const EXPORT_TYPES = [
  'UsersExport',
  'StoresExport',
  'OrdersExport',
  'ChainsExport',
  'RegionsExport',
  'AssetsExport',
  'VisitsExport',
  'InvoicesExport',
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The service desk answers within these hours (APP_TIMEZONE; `to` is the first minute outside). */
export const OFFICE_HOURS = { days: 'mon-fri', from: '07:00', to: '17:00' } as const;

/**
 * The order list's filters (spec 3): the query parameters of `GET /api/orders` and of its export, the
 * dashboard's links and the web app's filter fields. orders.ts holds their schema (`orderFilters`, keyed
 * by exactly these); they are here so that a screen that only names them does not load the schemas.
 */
export const ORDER_FILTERS = [
  'chain_id',
  'region_id',
  'store_id',
  'worktype_id',
  'status',
  'approval_status',
  'date_range',
  'overdue',
  'open',
  'recalled',
  'repeat',
  'over_nte',
  'technician_id',
  'unassigned',
  'awaiting_sign_off',
  'asset_id',
] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** How a technician's site visit ended (visits.ts). */
export const VISIT_OUTCOMES = ['done', 'follow_up', 'parts', 'quote'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];
export const VISIT_NOTE_MAX = 2000;
