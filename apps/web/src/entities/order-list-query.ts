import { type Locale, ORDER_FILTERS, pageSizesFor } from '@wop/shared/constants';
import { type ListQuery, readListState, type SortSpec, toListQuery } from '../components/DataTable/list-params.ts';
import { apiPath, toQueryString } from '../lib/query-string.ts';

/**
 * What the order list asks the API for, apart from the client (lib/api.ts): the build reads it too, for the
 * start hints (vite.config.ts), which ask for the list's first page as /orders opens.
 */

/** GET /api/orders: a page of orders in the caller's scope, with filters (spec 3). */
export const ORDERS_PATH = '/orders';

/** The order list's default order: newest project number first. */
export const ORDER_SORT: SortSpec = { by: 'project_number', order: 'desc' };

/** The query of the page of /orders that `search` (the page's own query) asks for. */
export const orderListQuery = (search: string, lng: Locale): ListQuery =>
  toListQuery(readListState(new URLSearchParams(search), ORDER_SORT, ORDER_FILTERS, pageSizesFor(lng)));

/** The URL of that page's request. */
export const orderListUrl = (search: string, lng: Locale): string =>
  apiPath(ORDERS_PATH) + toQueryString(orderListQuery(search, lng));
