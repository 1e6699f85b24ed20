import { ASSET_IMPORT_COLUMNS, ASSET_IMPORT_REQUIRED, assetBody, normalizeTag } from '@wop/shared/assets';
import type { Locale } from '@wop/shared/constants';
import {
  IMPORT_LIST_SEPARATOR,
  STORE_IMPORT_COLUMNS,
  STORE_IMPORT_REQUIRED,
  type StoreImportRecord,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_REQUIRED,
  type UserImportResult,
} from '@wop/shared/imports';
import type { ListParams } from '@wop/shared/query';
import { isRoleSlug, ROLE_ENTITY } from '@wop/shared/roles';
import { storeBody } from '@wop/shared/stores';
import { createUserBody, updateUserBody } from '@wop/shared/users';
import { v, validationText } from '@wop/shared/validation';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { assetImports, storeImports } from '../../db/schema/index.ts';
import { AppError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { hashPassword } from '../../lib/password.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { chainsInScope } from '../../lib/scope-sql.ts';
import { readUploaded, type UploadedFile } from '../../lib/uploads.ts';
import * as assetsRepo from '../assets/assets.repository.ts';
import { freeTag, isTagTaken, mayWriteChain } from '../assets/assets.service.ts';
import { userOf } from '../orders/orders.mapping.ts';
import { type StoreValues, storeValues } from '../stores/stores.repository.ts';
import { loadUserViews } from '../users/user-view.ts';
import { createUsersService } from '../users/users.service.ts';
import { assertTextFile, type CsvRow, hasErrors, type LineErrors, lineError, readCsv } from './csv.ts';
import * as repo from './imports.repository.ts';

const storeNameKey = (name: string) => name.trim().toLowerCase();

/** An import that did not go through: the 422 body's `errors`, keyed by line. */
export class ImportFailed extends Error {
  readonly errors: LineErrors;
  constructor(errors: LineErrors) {
    super('imports.failed');
    this.errors = errors;
  }
}

/** Thrown inside the import transaction to undo every row written before a failing one. */
class Rollback extends Error {}

const recordView = (row: NonNullable<Awaited<ReturnType<typeof repo.findImport>>>): StoreImportRecord => ({
  id: row.id,
  chain: { id: row.chainId, chain_name: row.chainName },
  user: userOf(row.userId, row.userName),
  file_name: row.fileName,
  created_at: row.createdAt.toISOString(),
  total_imported: row.totalImported,
  total_failed: row.totalFailed,
});

/** Zod issues of one row as "field: message" texts on its line. */
function zodLineErrors(
  errors: LineErrors,
  locale: Locale,
  line: number,
  issues: z.core.$ZodIssue[],
  rename = (f: string) => f,
) {
  for (const issue of issues) {
    const field = rename(String(issue.path[0] ?? 'row'));
    const list = errors[line] ?? [];
    list.push(`${field}: ${validationText(issue.message, locale)}`);
    errors[line] = list;
  }
}

const names = (cell: string | undefined) =>
  (cell ?? '')
    .split(IMPORT_LIST_SEPARATOR)
    .map((name) => name.trim())
    .filter(Boolean);

function requireFile(file: UploadedFile | undefined): UploadedFile {
  if (!file) throw ValidationError.field('data_file', v('required'));
  return file;
}

const cellKey = (name: string) => name.trim().toLowerCase();

/** Names (of stores, work types) by their lower-case text: one id, or several when the name is ambiguous. */
function byName(items: { id: number; name: string }[]) {
  const map = new Map<string, Set<number>>();
  for (const item of items) {
    const key = cellKey(item.name);
    map.set(key, (map.get(key) ?? new Set()).add(item.id));
  }
  return map;
}

export function createImportsService(db: Db) {
  async function record(id: number, table: repo.ImportTable = storeImports) {
    return recordView((await repo.findImport(db, id, table))!);
  }

  /**
   * Ends an import: with errors, the attempt is recorded (nothing imported) and the 422 thrown;
   * otherwise `write` and the record go in one transaction.
   */
  async function finish(
    table: repo.ImportTable,
    base: { chainId: number; userId: number; fileName: string },
    errors: LineErrors,
    dataRows: number,
    count: number,
    write: (tx: DbOrTx) => Promise<void>,
  ) {
    if (hasErrors(errors)) {
      const failedLines = Object.keys(errors).filter((line) => line !== '1').length;
      await repo.insertImport(db, { ...base, totalImported: 0, totalFailed: failedLines || dataRows, errors }, table);
      throw new ImportFailed(errors);
    }
    const id = await db.transaction(async (tx) => {
      await write(tx);
      return repo.insertImport(tx, { ...base, totalImported: count, totalFailed: 0, errors: null }, table);
    });
    return record(id, table);
  }

  return {
    async list(user: AuthUser, params: ListParams & { chain_id?: number }, table: repo.ImportTable = storeImports) {
      const { rows, total } = await repo.listImports(db, params, chainsInScope(scopeOf(user)), table);
      return pageOf(rows.map(recordView), total, params);
    },

    /**
     * Store import (api-contract "Imports"): every row follows the store form's rules (the shared
     * storeBody schema, and the region must be one of the chain's). All or nothing; a failed
     * attempt is recorded with total_imported 0.
     */
    async importStores(user: AuthUser, chainId: number, upload: UploadedFile | undefined, locale: Locale) {
      const file = requireFile(upload);
      const chain = await repo.findChain(db, chainId);
      if (!chain) throw ValidationError.field('chain_id', v('not_found'));
      const text = await assertTextFile('data_file', file.filename, await readUploaded(file));
      const { rows, errors, dataRows } = readCsv(text, STORE_IMPORT_COLUMNS, STORE_IMPORT_REQUIRED, locale);

      const regionIds = new Map<string, number[]>();
      for (const region of await repo.regionsOfChain(db, chainId)) {
        const key = region.name.trim().toLowerCase();
        regionIds.set(key, [...(regionIds.get(key) ?? []), region.id]);
      }
      // A store name is unique within its chain (case and surrounding spaces ignored): against the
      // chain's stores and against the file's earlier lines.
      const existing = new Set((await repo.storeNamesOfChain(db, chainId)).map(storeNameKey));
      const seenNames = new Set<string>();
      const values: StoreValues[] = [];
      for (const { line, values: cells } of rows) {
        const nameKey = storeNameKey(cells.store_name ?? '');
        if (nameKey !== '') {
          if (existing.has(nameKey)) lineError(errors, locale, line, 'store_name', 'imports.store_exists');
          else if (seenNames.has(nameKey)) lineError(errors, locale, line, 'store_name', 'imports.duplicate_in_file');
          seenNames.add(nameKey);
        }
        let regionId: number | null = null;
        const regionName = cells.region_name?.trim();
        if (regionName) {
          const ids = regionIds.get(regionName.toLowerCase()) ?? [];
          if (!chain.hasRegion) lineError(errors, locale, line, 'region_name', 'stores.chain_without_regions');
          else if (ids.length === 0) lineError(errors, locale, line, 'region_name', v('not_found'));
          else if (ids.length > 1)
            lineError(errors, locale, line, 'region_name', 'imports.ambiguous', { name: regionName });
          else regionId = ids[0];
        }
        const parsed = storeBody.safeParse({
          store_name: cells.store_name,
          phone: cells.phone,
          email: cells.email,
          invoice_address: cells.invoice_address,
          contact_person: cells.contact_person,
          chain_id: chainId,
          region_id: regionId,
          city: cells.city,
          lat: cells.lat,
          lng: cells.lng,
        });
        if (!parsed.success) zodLineErrors(errors, locale, line, parsed.error.issues);
        else if (!errors[line]) values.push(storeValues(parsed.data));
      }

      const base = { chainId, userId: user.id, fileName: file.filename.slice(0, 255) };
      return finish(storeImports, base, errors, dataRows, values.length, (tx) => repo.insertStores(tx, values));
    },

    /**
     * Asset import: every row follows the asset form's rules (the shared assetBody schema); the store
     * is named within the chain, the work type by its slug or title in any language, and a tag must
     * be new to the chain and to the file (an empty one is generated, as on the form). All or nothing,
     * recorded like the store import.
     */
    async importAssets(user: AuthUser, chainId: number, upload: UploadedFile | undefined, locale: Locale) {
      const file = requireFile(upload);
      const chain = await repo.findChain(db, chainId);
      // A chain outside the caller's scope is refused as one that does not exist.
      if (!chain || !mayWriteChain(user, chainId)) throw ValidationError.field('chain_id', v('not_found'));
      const text = await assertTextFile('data_file', file.filename, await readUploaded(file));
      const { rows, errors, dataRows } = readCsv(text, ASSET_IMPORT_COLUMNS, ASSET_IMPORT_REQUIRED, locale);

      const stores = await repo.storesOfChain(db, chainId);
      const storeIds = byName(stores);
      const storeById = new Map(stores.map((store) => [store.id, store]));
      const workTypeIds = byName(await repo.workTypeNames(db));
      const existing = await assetsRepo.chainTags(db, chainId);
      const seenTags = new Set<string>();
      /** The id of the one item a cell names, or an error on its line. */
      const pick = (map: Map<string, Set<number>>, line: number, column: string, cell: string) => {
        const ids = [...(map.get(cellKey(cell)) ?? [])];
        if (ids.length === 1) return ids[0];
        if (cell.trim() !== '') {
          const key = ids.length ? 'imports.ambiguous' : 'imports.unknown_name';
          lineError(errors, locale, line, column, key, { name: cell.trim() });
        }
        return undefined;
      };

      const values: (Omit<assetsRepo.AssetValues, 'tag'> & { tag: string | null; createdBy: number })[] = [];
      for (const { line, values: cells } of rows) {
        const storeId = pick(storeIds, line, 'store_name', cells.store_name ?? '');
        const workTypeId = pick(workTypeIds, line, 'worktype', cells.worktype ?? '');
        const tag = normalizeTag(cells.tag ?? '');
        if (tag !== '') {
          if (existing.has(tag)) lineError(errors, locale, line, 'tag', 'imports.tag_exists');
          else if (seenTags.has(tag)) lineError(errors, locale, line, 'tag', 'imports.duplicate_in_file');
          seenTags.add(tag);
        }
        const parsed = assetBody.safeParse({
          store_id: storeId ?? (cells.store_name?.trim() ? 1 : undefined),
          name: cells.name,
          worktype_id: workTypeId ?? (cells.worktype?.trim() ? 1 : undefined),
          make: cells.make,
          model: cells.model,
          serial: cells.serial,
          tag: cells.tag,
          installed_on: cells.installed_on,
          warranty_until: cells.warranty_until,
          replacement_value_minor: cells.replacement_value_minor,
          status: cells.status,
          notes: cells.notes,
        });
        const rename = (field: string) =>
          field === 'store_id' ? 'store_name' : field === 'worktype_id' ? 'worktype' : field;
        if (!parsed.success) zodLineErrors(errors, locale, line, parsed.error.issues, rename);
        else if (!errors[line] && storeId !== undefined && workTypeId !== undefined) {
          const body = parsed.data;
          const store = storeById.get(storeId)!;
          values.push({
            storeId,
            chainId,
            regionId: store.regionId,
            name: body.name,
            workTypeId,
            make: body.make,
            model: body.model,
            serial: body.serial,
            tag: body.tag,
            installedOn: body.installed_on,
            warrantyUntil: body.warranty_until,
            replacementValueMinor: body.replacement_value_minor,
            status: body.status,
            notes: body.notes,
            createdBy: user.id,
          });
        }
      }

      const base = { chainId, userId: user.id, fileName: file.filename.slice(0, 255) };
      try {
        return await finish(assetImports, base, errors, dataRows, values.length, async (tx) => {
          const ids = await assetsRepo.reserveIds(tx, values.length);
          const taken = new Set([...existing, ...seenTags]);
          await assetsRepo.insertAssets(
            tx,
            values.map((row, i) => {
              const tag = row.tag ?? freeTag(ids[i], taken);
              taken.add(tag);
              return { ...row, id: ids[i], tag };
            }),
          );
        });
      } catch (error) {
        // Another import or form wrote one of these tags meanwhile: nothing of this file was written.
        if (isTagTaken(error)) throw new ConflictError('imports.tags_taken_meanwhile');
        throw error;
      }
    },

    /**
     * Bulk user update: each row is matched by e-mail; a known user is updated (empty cells keep
     * what is there), an unknown e-mail creates a user. Every row goes through the users service,
     * so the user form's rules apply exactly; all rows in one transaction, all or nothing.
     */
    async updateUsers(user: AuthUser, upload: UploadedFile | undefined, locale: Locale): Promise<UserImportResult> {
      const file = requireFile(upload);
      const text = await assertTextFile('data_file', file.filename, await readUploaded(file));
      const { rows, errors } = readCsv(text, USER_IMPORT_COLUMNS, USER_IMPORT_REQUIRED, locale);
      if (hasErrors(errors) && rows.length === 0) throw new ImportFailed(errors);

      const seen = new Map<string, number>();
      for (const row of rows) {
        const email = row.values.email.trim().toLowerCase();
        row.values.email = email;
        if (email && seen.has(email)) lineError(errors, locale, row.line, 'email', 'imports.duplicate_in_file');
        seen.set(email, row.line);
      }
      const resolver = await entityResolver(db, rows);
      const existing = new Map(
        (await repo.usersByEmail(db, [...seen.keys()].filter(Boolean))).map((u) => [u.email, u.id] as const),
      );
      const current = new Map(
        (await loadUserViews(db, [...existing.values()], locale)).map((view) => [view.id, view] as const),
      );

      // Hashing is slow by design: done before the transaction, which would hold the database meanwhile.
      const passwords = [...new Set(rows.map((row) => row.values.password).filter(Boolean))];
      const hashes = new Map(
        await Promise.all(passwords.map(async (password) => [password, await hashPassword(password)] as const)),
      );

      const result = { created: 0, updated: 0 };
      try {
        await db.transaction(async (tx) => {
          // The users service on this transaction: each row runs in a savepoint of it.
          const users = createUsersService(tx as unknown as Db);
          for (const { line, values: cells } of rows) {
            if (errors[line]) continue;
            const id = existing.get(cells.email);
            const before = id !== undefined ? current.get(id) : undefined;
            const role = cells.role?.trim() || before?.role || '';
            const entityType = isRoleSlug(role) ? ROLE_ENTITY[role] : null;
            const entityColumn = entityType ? `${entityType}_name` : 'role';
            const rename = (field: string) => (field === 'entity_id' || field === 'entity_type' ? entityColumn : field);
            const resolved = resolver.resolve(errors, locale, line, cells);
            if (!resolved) continue;
            let entityIds = entityType ? resolved[entityType] : [];
            if (entityType && entityIds === undefined)
              entityIds = before && before.role === role ? before.entities_ids : [];
            const input = {
              email: cells.email,
              name: cells.name?.trim() || before?.name,
              phone_no: cells.phone_no?.trim() || before?.phone_no || undefined,
              role,
              entity_id: entityIds ?? [],
              password: cells.password || undefined,
            };
            const parsed = before ? updateUserBody.safeParse(input) : createUserBody.safeParse(input);
            if (!parsed.success) {
              zodLineErrors(errors, locale, line, parsed.error.issues, rename);
              continue;
            }
            try {
              if (before) {
                await users.update(user, before.id, parsed.data, locale, hashes.get(parsed.data.password ?? ''));
                result.updated++;
              } else {
                await users.create(
                  user,
                  parsed.data as z.output<typeof createUserBody>,
                  locale,
                  hashes.get(parsed.data.password ?? ''),
                );
                result.created++;
              }
            } catch (error) {
              if (error instanceof ValidationError) {
                for (const [field, messages] of Object.entries(error.fields)) {
                  for (const message of messages) lineError(errors, locale, line, rename(field), message);
                }
              } else if (error instanceof AppError) {
                lineError(errors, locale, line, 'email', error.message, error.params);
              } else throw error;
            }
          }
          if (hasErrors(errors)) throw new Rollback();
        });
      } catch (error) {
        if (error instanceof Rollback) throw new ImportFailed(errors);
        throw error;
      }
      return result;
    },
  };
}

type Named = { id: number; name: string; chainId: number; regionId?: number | null };

/** Turns the chain_name, region_name and store_name cells (several separated by `|`) into ids. */
async function entityResolver(db: DbOrTx, rows: CsvRow[]) {
  const wanted = (column: string) => [
    ...new Set(rows.flatMap((row) => names(row.values[column]).map((n) => n.toLowerCase()))),
  ];
  const chains: Named[] = (await repo.chainsNamed(db, wanted('chain_name'))).map((c) => ({ ...c, chainId: c.id }));
  const regions: Named[] = await repo.regionsNamed(db, wanted('region_name'));
  const stores: Named[] = await repo.storesNamed(db, wanted('store_name'));

  function pick(
    errors: LineErrors,
    locale: Locale,
    line: number,
    column: string,
    cell: string | undefined,
    candidates: Named[],
    fits: (item: Named) => boolean,
  ): number[] | null | undefined {
    const list = names(cell);
    if (list.length === 0) return undefined;
    const ids: number[] = [];
    let ok = true;
    for (const name of list) {
      const found = candidates.filter((c) => c.name.trim().toLowerCase() === name.toLowerCase() && fits(c));
      if (found.length === 1) ids.push(found[0].id);
      else {
        ok = false;
        lineError(errors, locale, line, column, found.length ? 'imports.ambiguous' : 'imports.unknown_name', { name });
      }
    }
    return ok ? [...new Set(ids)] : null;
  }

  return {
    /** The ids per entity type named on the row (undefined where the cell is empty), or null on an error. */
    resolve(errors: LineErrors, locale: Locale, line: number, cells: Record<string, string>) {
      const chain = pick(errors, locale, line, 'chain_name', cells.chain_name, chains, () => true);
      const region = pick(errors, locale, line, 'region_name', cells.region_name, regions, (r) =>
        chain ? chain.includes(r.chainId) : true,
      );
      const store = pick(
        errors,
        locale,
        line,
        'store_name',
        cells.store_name,
        stores,
        (s) => (chain ? chain.includes(s.chainId) : true) && (region ? region.includes(s.regionId ?? -1) : true),
      );
      if (chain === null || region === null || store === null) return null;
      return { chain, region, store } as Record<'chain' | 'region' | 'store', number[] | undefined>;
    },
  };
}
