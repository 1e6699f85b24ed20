import type { ExportType } from '@wop/shared/constants';
import type { ExportSource } from '../../lib/export-source.ts';
import { assetsExport } from '../assets/assets.export.ts';
import { chainsExport } from '../chains/chains.export.ts';
import { invoicesExport } from '../costs/invoices.export.ts';
import { ordersExport } from '../orders/orders.export.ts';
import { regionsExport } from '../regions/regions.export.ts';
import { storesExport } from '../stores/stores.export.ts';
import { usersExport } from '../users/users.export.ts';
import { visitsExport } from '../visits/visits.export.ts';

/** Each module owns the export of its list; this is only the index by export type. */
export const EXPORTS: { [T in ExportType]: ExportSource<T> } = {
  UsersExport: usersExport,
  StoresExport: storesExport,
  ChainsExport: chainsExport,
  RegionsExport: regionsExport,
  OrdersExport: ordersExport,
  AssetsExport: assetsExport,
  VisitsExport: visitsExport,
  InvoicesExport: invoicesExport,
};
