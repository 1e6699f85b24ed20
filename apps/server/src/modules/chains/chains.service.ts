import { CHAIN_FORM_FIELDS, type ChainBody, type ChainUpdateBody, type OidcSettings } from '@wop/shared/chains';
import { CHAIN_BILLING_FIELDS, type ChainCosts } from '@wop/shared/costs';
import type { ListParams } from '@wop/shared/query';
import { can } from '@wop/shared/roles';
import type { Db } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { refuseWhileInUse } from '../../lib/in-use.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { chainsInScope } from '../../lib/scope-sql.ts';
import type { Secrets } from '../../lib/secrets.ts';
import * as repo from './chains.repository.ts';
import { saveSignIn, signInSettingsOf } from './sign-in-settings.ts';

const chainView = (row: repo.ChainRow, oidc: OidcSettings | null) => ({
  id: row.id,
  chain_name: row.chainName,
  phone: row.phone,
  email: row.email,
  invoice_address: row.invoiceAddress,
  contact_person: row.contactPerson,
  has_region: row.hasRegion ? (1 as const) : (0 as const),
  regions_count: row.regionsCount,
  stores_count: row.storesCount,
  created_at: row.createdAt.toISOString(),
  oidc,
  password_sign_in: row.passwordSignIn,
  ...costsView(row),
});

const costsView = (row: repo.ChainRow): ChainCosts => ({
  country: row.country as ChainCosts['country'],
  currency: row.currency as ChainCosts['currency'],
  vat_bp: row.vatBp,
  hourly_rate_minor: row.hourlyRateMinor,
  callout_fee_minor: row.calloutFeeMinor,
  nte_minor_by_priority: { '10': row.nte10Minor, '20': row.nte20Minor, '30': row.nte30Minor },
  visit_radius_m: row.visitRadiusM,
  org_number: row.orgNumber,
  peppol_id: row.peppolId,
  vat_id: row.vatId,
});

const values = (body: ChainBody): repo.ChainValues => ({
  chainName: body.chain_name,
  phone: body.phone,
  email: body.email,
  invoiceAddress: body.invoice_address,
  contactPerson: body.contact_person,
  hasRegion: body.has_region === 1,
});

/** Any of the chain form's and money settings' fields, as columns; absent ones stay as they are. */
const changes = (body: ChainUpdateBody): Partial<repo.ChainValues & repo.ChainCostValues> =>
  Object.fromEntries(
    Object.entries({
      chainName: body.chain_name,
      phone: body.phone,
      email: body.email,
      invoiceAddress: body.invoice_address,
      contactPerson: body.contact_person,
      hasRegion: body.has_region === undefined ? undefined : body.has_region === 1,
      country: body.country,
      currency: body.currency,
      vatBp: body.vat_bp,
      hourlyRateMinor: body.hourly_rate_minor,
      calloutFeeMinor: body.callout_fee_minor,
      nte10Minor: body.nte_minor_by_priority?.['10'],
      nte20Minor: body.nte_minor_by_priority?.['20'],
      nte30Minor: body.nte_minor_by_priority?.['30'],
      visitRadiusM: body.visit_radius_m,
      orgNumber: body.org_number,
      peppolId: body.peppol_id,
      vatId: body.vat_id,
    }).filter(([, value]) => value !== undefined),
  );

/** The fields only admins may change; a chain-admin sending one is refused (403). */
const ADMIN_FIELDS = [...CHAIN_FORM_FIELDS, ...CHAIN_BILLING_FIELDS] as (keyof ChainUpdateBody)[];

export function createChainsService(db: Db, secrets: Secrets, options: { allowPrivateIssuers: boolean }) {
  /** A chain the caller may see, or 404 (never revealing chains outside the scope). */
  async function visible(user: AuthUser, id: number) {
    const row = await repo.findChain(db, id, chainsInScope(scopeOf(user)));
    if (!row) throw new NotFoundError('chains.not_found');
    return row;
  }

  async function views(rows: repo.ChainRow[]) {
    const settings = await signInSettingsOf(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => chainView(row, settings.get(row.id) ?? null));
  }
  const viewOf = async (id: number) => (await views([(await repo.findChain(db, id)) as repo.ChainRow]))[0];

  return {
    async list(user: AuthUser, params: ListParams) {
      const { rows, total } = await repo.listChains(db, params, chainsInScope(scopeOf(user)));
      return pageOf(await views(rows), total, params);
    },
    get: async (user: AuthUser, id: number) => (await views([await visible(user, id)]))[0],
    async create(body: ChainBody) {
      const id = await repo.insertChain(db, values(body));
      return viewOf(id);
    },
    /**
     * The chain form's fields (admins only: a chain-admin sending one is refused) and the chain's sign-in
     * settings, each changed only when sent.
     */
    async update(user: AuthUser, id: number, body: ChainUpdateBody) {
      const chain = await visible(user, id);
      if (!can(user.role, 'chain:manage') && ADMIN_FIELDS.some((field) => body[field] !== undefined)) {
        throw new ForbiddenError();
      }
      // Turning regions off would leave regions and stores pointing at regions of a region-less chain.
      if (chain.hasRegion && body.has_region === 0 && chain.regionsCount > 0) {
        throw ValidationError.field('has_region', 'chains.regions_left');
      }
      await db.transaction(async (tx) => {
        // Amounts on record are in the chain's currency: changing it would change what they mean.
        if (body.currency !== undefined && body.currency !== chain.currency && (await repo.chainHasMoney(tx, id))) {
          throw new ConflictError('chains.currency_in_use');
        }
        const form = changes(body);
        if (Object.keys(form).length > 0) await repo.updateChain(tx, id, form);
        await saveSignIn(tx, secrets, id, body, options);
      });
      return viewOf(id);
    },
    async remove(user: AuthUser, id: number) {
      await visible(user, id);
      await db.transaction(async (tx) => {
        await refuseWhileInUse(tx, 'chains', repo.chainReferences(id));
        await repo.deleteChain(tx, id);
      });
    },
  };
}
