/**
 * `GET /api/export`: `type` names the list, the other parameters are that list's own query (paging
 * is ignored: everything that matches), checked by that list's rules.
 */
import { z } from 'zod';
import { assetListQuery } from './assets.ts';
import { chainListQuery } from './chains.ts';
import type { ExportType } from './constants.ts';
import { invoiceListQuery } from './costs.ts';
import { orderListQuery } from './orders.ts';
import { downloadQuery, filterId, optional } from './query.ts';
import { regionListQuery } from './regions.ts';
import { storeListQuery } from './stores.ts';
import { userListQuery } from './users.ts';
import { visitListQuery } from './visits.ts';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The query of each export: its list's (the regions of every chain in scope, or of one). */
export const EXPORT_QUERIES = {
  UsersExport: userListQuery,
  StoresExport: storeListQuery,
  OrdersExport: orderListQuery,
  ChainsExport: chainListQuery,
  RegionsExport: regionListQuery.extend({ chain_id: filterId() }),
  AssetsExport: assetListQuery,
  VisitsExport: visitListQuery,
  InvoicesExport: invoiceListQuery,
} satisfies Record<ExportType, z.ZodObject>;
export type ExportQuery<T extends ExportType> = z.output<(typeof EXPORT_QUERIES)[T]>;

const exportOf = <T extends ExportType>(type: T) =>
  EXPORT_QUERIES[type].extend({
    ...downloadQuery.shape,
    type: z.literal(type),
    format: optional(z.enum(EXPORT_FORMATS)).transform((value) => value ?? 'xlsx'),
  });

export const exportQuery = z.discriminatedUnion('type', [
  exportOf('UsersExport'),
  exportOf('StoresExport'),
  exportOf('OrdersExport'),
  exportOf('ChainsExport'),
  exportOf('RegionsExport'),
  exportOf('AssetsExport'),
  exportOf('VisitsExport'),
  exportOf('InvoicesExport'),
]);
