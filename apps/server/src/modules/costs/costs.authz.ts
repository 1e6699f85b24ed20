import { PERMISSIONS } from '@wop/shared/roles';
import { type AuthzRow, orderRow } from '../../test/authz.ts';

// Demo order 1 is in the demo chain-admin's, director's and store manager's scope and assigned to the
// demo technician.
const inScope = { params: { id: '1' } };
const line = { kind: 'material', description: 'Packning', quantity_milli: 1000, unit_price_minor: 100 };
const quote = { lines: [line], valid_until: '2099-12-31' };
const lineOfOrder = { params: { id: '1', line: '999999' }, outOfScope: { id: '13', line: '1' } };

export const authz: AuthzRow[] = [
  orderRow('GET /api/orders/:id/costs', PERMISSIONS['cost:list'], inScope),
  orderRow('POST /api/orders/:id/costs', PERMISSIONS['cost:manage'], { payload: line }),
  orderRow('PUT /api/orders/:id/costs/:line', PERMISSIONS['cost:manage'], { ...lineOfOrder, payload: line }),
  orderRow('DELETE /api/orders/:id/costs/:line', PERMISSIONS['cost:manage'], lineOfOrder),
  orderRow('PUT /api/orders/:id/nte', PERMISSIONS['order:set-nte'], { payload: { nte_minor: 1 } }),
  orderRow('GET /api/orders/:id/quote', PERMISSIONS['cost:list'], inScope),
  orderRow('POST /api/orders/:id/quote', PERMISSIONS['quote:submit'], { payload: quote }),
  orderRow('PUT /api/orders/:id/quote', PERMISSIONS['quote:decide'], {
    payload: { decision: 'rejected', comment: 'Nej' },
  }),
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
