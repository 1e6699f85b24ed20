/**
 * Assets: the equipment of a store (a freezer, a door, a till) with its tag, printed as a QR code
 * on a label (api-contract "Third wave", "Assets"). The form, the import and the answers.
 */
import { z } from 'zod';
import { requiredId } from './org-fields.ts';
import { INT4_MAX, int4Id, isoDay, minorUnits, optionalText, requiredText, text } from './primitives.ts';
import { documentDownloadQuery, filterId, listQuery } from './query.ts';
import { v } from './validation.ts';

export const ASSET_STATUSES = ['in_service', 'out_of_service', 'retired'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const ASSET_NAME_MAX = 120;
export const ASSET_DETAIL_MAX = 120;
export const ASSET_TAG_MAX = 40;
export const ASSET_NOTES_MAX = 2000;

/**
 * A tag is printed on a label and typed on a phone: letters A-Z, digits, `.`, `-` and `_`, starting
 * with a letter or digit; unique per chain whatever the case (kept upper-case).
 */
const TAG = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
export const isAssetTag = (value: string) => value.length <= ASSET_TAG_MAX && TAG.test(value);
export const normalizeTag = (value: string) => value.trim().toUpperCase();

/** A tag as typed: trimmed, checked, upper-cased. */
export const assetTag = () =>
  text()
    .trim()
    .min(1)
    .max(ASSET_TAG_MAX)
    .pipe(z.string().regex(TAG, { error: v('tag_chars') }))
    .transform((value) => value.toUpperCase());

const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
const nullable = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess(blank, schema.optional())
    .transform((value) => (value ?? null) as Exclude<z.output<T>, undefined> | null);

/**
 * The asset form. An empty tag on create gets one from the server (`A` and the id, e.g. A000042);
 * on update it keeps the tag the asset has, so printed labels stay valid. The warranty cannot end
 * before the asset was installed.
 */
export const assetBody = z
  .object({
    store_id: requiredId,
    name: requiredText(ASSET_NAME_MAX),
    worktype_id: requiredId,
    make: nullable(optionalText(ASSET_DETAIL_MAX)),
    model: nullable(optionalText(ASSET_DETAIL_MAX)),
    serial: nullable(optionalText(ASSET_DETAIL_MAX)),
    tag: nullable(assetTag()),
    installed_on: nullable(isoDay()),
    warranty_until: nullable(isoDay()),
    replacement_value_minor: nullable(minorUnits()),
    status: z
      .preprocess(blank, z.enum(ASSET_STATUSES, { error: v('invalid') }).optional())
      .transform((value) => value ?? 'in_service'),
    notes: nullable(optionalText(ASSET_NOTES_MAX)),
  })
  .superRefine((body, ctx) => {
    if (body.installed_on && body.warranty_until && body.warranty_until < body.installed_on) {
      ctx.addIssue({ code: 'custom', path: ['warranty_until'], message: v('not_before_installed') });
    }
  });
export type AssetBody = z.output<typeof assetBody>;
export type AssetInput = z.input<typeof assetBody>;

/** Why an asset is flagged: 3 or more orders in 90 days, or its cost in 12 months reached half its value. */
export const ASSET_ATTENTION = ['repeated', 'replace'] as const;
export type AssetAttention = (typeof ASSET_ATTENTION)[number];
/** `repeated`: this many orders or more in ATTENTION_DAYS. */
export const ATTENTION_ORDERS = 3;
export const ATTENTION_DAYS = 90;

/** An asset as the API answers it. */
export const assetSchema = z.object({
  id: z.number(),
  tag: z.string(),
  name: z.string(),
  status: z.enum(ASSET_STATUSES),
  store_id: z.number(),
  store: z.object({ id: z.number(), store_name: z.string() }),
  chain_id: z.number(),
  chain: z.object({ id: z.number(), chain_name: z.string() }),
  region_id: z.number().nullable(),
  region: z.object({ id: z.number(), region_name: z.string() }).nullable(),
  worktype_id: z.number(),
  worktype_label: z.string(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  serial: z.string().nullable(),
  installed_on: z.string().nullable(),
  warranty_until: z.string().nullable(),
  /** The warranty runs today (in APP_TIMEZONE), its last day included. */
  under_warranty: z.boolean(),
  replacement_value_minor: z.number().nullable(),
  notes: z.string().nullable(),
  /** Orders placed on it in the last 90 days. */
  orders_90d: z.number(),
  /** What its orders of the last 12 months cost (minor units of its chain's currency). */
  cost_12m_minor: z.number(),
  /** Flagged: `repeated` (3 or more orders in 90 days), `replace` (its cost in 12 months reached half its value). */
  attention: z.enum(ASSET_ATTENTION).nullable(),
  version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

export const ASSET_SORTS = [
  'id',
  'tag',
  'name',
  'status',
  'store_name',
  'worktype',
  'installed_on',
  'warranty_until',
  'replacement_value_minor',
  'created_at',
  'updated_at',
] as const;

/** The list's filters beyond page, limit, q and the sort (the web app keeps them in the URL). */
export const ASSET_FILTERS = [
  'chain_id',
  'region_id',
  'store_id',
  'worktype_id',
  'status',
  'warranty',
  'attention',
] as const;
/** `warranty=active`: under warranty today; `expired`: had one that ended; `none`: never had one. */
export const WARRANTY_FILTERS = ['active', 'expired', 'none'] as const;
/**
 * `attention=any`: the assets flagged either way (decision 017); `replace` or `repeated`: those of that
 * flag alone (`replace` wins, as on the asset: an asset that is both is `replace`).
 */
export const ATTENTION_FILTERS = ['any', ...ASSET_ATTENTION] as const;

/** The import's columns (api-contract "Imports": like the store import). */
export const ASSET_IMPORT_COLUMNS = [
  'store_name',
  'name',
  'worktype',
  'make',
  'model',
  'serial',
  'tag',
  'installed_on',
  'warranty_until',
  'replacement_value_minor',
  'status',
  'notes',
] as const;
export const ASSET_IMPORT_REQUIRED = ['store_name', 'name', 'worktype'] as const;

export const ASSET_IMPORT_SAMPLE = [
  ASSET_IMPORT_COLUMNS.join(','),
  'Norrgården Södermalm,Freezer island 1,refrigeration,Carrier,Ultra 2400,SN-88412,FRZ-001,2023-04-12,2026-04-11,8500000,in_service,By the entrance',
  'Norrgården Södermalm,Entrance door,locks-doors,Besam,SL500,,DOOR-01,2019-09-01,,4200000,in_service,',
].join('\n');

/** The list's filters (`search` is the contract's name for `q`; both work). */
const filter = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
export const assetListFilters = z.object({
  chain_id: filter(int4Id()),
  region_id: filter(int4Id()),
  store_id: filter(int4Id()),
  worktype_id: filter(int4Id()),
  status: filter(z.enum(ASSET_STATUSES, { error: v('invalid') })),
  warranty: filter(z.enum(WARRANTY_FILTERS, { error: v('invalid') })),
  attention: filter(z.enum(ATTENTION_FILTERS, { error: v('invalid') })),
  search: filter(text().trim().max(200)),
});

/** A label sheet of chosen assets: `ids=1,2,3` (at most 1000), else every asset the list's filters match. */
export const assetIdsFilter = z.preprocess(
  blank,
  text()
    .regex(/^\d{1,10}(,\d{1,10}){0,999}$/, { error: v('invalid') })
    .transform((value) => value.split(',').map(Number))
    .refine((ids) => ids.every((id) => id >= 1 && id <= INT4_MAX), { message: v('invalid') })
    .optional(),
);

/** The asset list's query (and its export's). */
export const assetListQuery = listQuery(ASSET_SORTS).extend(assetListFilters.shape);
/** `search` is the contract's name of the list's `q`. */
export const assetListParams = ({ search, ...query }: z.output<typeof assetListQuery>) => ({
  ...query,
  q: query.q ?? search,
});
/** A label sheet: the list's filters or the chosen `ids`, opened by a browser. */
export const assetLabelsQuery = assetListQuery.extend({ ids: assetIdsFilter }).extend(documentDownloadQuery.shape);
/** A tag in a path: what a label can hold, else no such asset (404). */
export const assetTagParams = z.object({ tag: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/) });
/** Tags are unique per chain: a tag the caller sees in several chains needs its chain. */
export const assetByTagQuery = z.object({ chain_id: filterId() });
/** 412 of an edit made against an older version: the asset as it is now. */
export const staleAssetAnswer = z.object({ message: z.string(), payload: assetSchema });

/**
 * `GET /api/assets/{id}/history`: the asset's orders the caller sees, open ones first, each group
 * newest first. `under_warranty`: placed on or before the warranty's last day; `repeat_of`: a repeat
 * failure of that earlier order; `time_on_site_minutes`: the closed site visits' time; `cost_minor`: its cost.
 */
export const assetHistoryItem = z.object({
  id: z.number(),
  project_number: z.number(),
  description: z.string(),
  status: z.string(),
  status_label: z.string(),
  open: z.boolean(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  technician_name: z.string().nullable(),
  under_warranty: z.boolean(),
  repeat_of: z.object({ id: z.number(), project_number: z.number() }).nullable(),
  time_on_site_minutes: z.number(),
  /** What the order cost so far (minor units of its chain's currency). */
  cost_minor: z.number(),
});
export type AssetHistoryItem = z.infer<typeof assetHistoryItem>;
export const assetHistoryQuery = listQuery(['created_at'] as const, 'created_at');

/** An asset flagged on the dashboard. */
export const attentionAsset = z.object({
  id: z.number(),
  tag: z.string(),
  name: z.string(),
  store_id: z.number(),
  store_name: z.string(),
  orders_90d: z.number(),
  cost_12m_minor: z.number(),
  replacement_value_minor: z.number().nullable(),
  attention: z.enum(ASSET_ATTENTION),
});
export type AttentionAsset = z.infer<typeof attentionAsset>;
