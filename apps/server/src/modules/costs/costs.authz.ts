import { PERMISSIONS } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

// Demo order 1 is in the demo chain-admin's, director's and store manager's scope and assigned to the
// demo technician; order 13 is a Kotimarket order outside all their scopes.
const inScope = { id: '1' };
const outOfScope = { id: '13' };
const line = { kind: 'material', description: 'Packning', quantity_milli: 1000, unit_price_minor: 100 };
const quote = { lines: [line], valid_until: '2099-12-31' };

export const authz: AuthzRow[] = [
  { route: 'GET /api/orders/:id/costs', roles: PERMISSIONS['cost:list'], params: inScope, outOfScope },
  {
    route: 'POST /api/orders/:id/costs',
    roles: PERMISSIONS['cost:manage'],
    params: { id: '999999' },
    outOfScope,
    payload: line,
  },
  {
    route: 'PUT /api/orders/:id/costs/:line',
    roles: PERMISSIONS['cost:manage'],
    params: { id: '1', line: '999999' },
    outOfScope: { ...outOfScope, line: '1' },
    payload: line,
  },
  {
    route: 'DELETE /api/orders/:id/costs/:line',
    roles: PERMISSIONS['cost:manage'],
    params: { id: '1', line: '999999' },
    outOfScope: { ...outOfScope, line: '1' },
  },
  {
    route: 'PUT /api/orders/:id/nte',
    roles: PERMISSIONS['order:set-nte'],
    params: { id: '999999' },
    outOfScope,
    payload: { nte_minor: 1 },
  },
  { route: 'GET /api/orders/:id/quote', roles: PERMISSIONS['cost:list'], params: inScope, outOfScope },
  {
    route: 'POST /api/orders/:id/quote',
    roles: PERMISSIONS['quote:submit'],
    params: { id: '999999' },
    outOfScope,
    payload: quote,
  },
  {
    route: 'PUT /api/orders/:id/quote',
    roles: PERMISSIONS['quote:decide'],
    params: { id: '999999' },
    outOfScope,
    payload: { decision: 'rejected', comment: 'Nej' },
  },
  { route: 'GET /api/invoices', roles: PERMISSIONS['invoice:list'] },
  { route: 'GET /api/invoices/:id', roles: PERMISSIONS['invoice:list'], params: { id: '999999' } },
  {
    route: 'POST /api/invoices',
    roles: PERMISSIONS['invoice:issue'],
    payload: { chain_id: 999_999, from: '2026-01-01', to: '2026-01-31' },
  },
  { route: 'POST /api/invoices/:id/credit', roles: PERMISSIONS['invoice:issue'], params: { id: '999999' } },
  { route: 'GET /api/invoices/:id/peppol', roles: PERMISSIONS['invoice:list'], params: { id: '999999' } },
  { route: 'GET /api/invoices/:id/pdf', roles: PERMISSIONS['invoice:list'], params: { id: '999999' } },
];
