import { CATEGORY_FILE_TYPES } from '@wop/shared/constants';
import type { Category, CategoryBody, CategoryGroup } from '@wop/shared/files';
import { v } from '@wop/shared/validation';
import type { Db } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/scope.ts';
import { scopeOf } from '../../lib/scope.ts';
import { chainsInScope } from '../../lib/scope-sql.ts';
import type { Storage } from '../../lib/storage.ts';
import { checkUploads, removeFiles, storeFiles, type UploadedFile } from '../../lib/uploads.ts';
import * as repo from './files.repository.ts';

const FILES_FIELD = 'files';

function toCategory(row: repo.CategoryRow, files: repo.FileRow[]): Category {
  return {
    id: row.id,
    category_name: row.categoryName,
    title: row.title,
    sub_title: row.subTitle,
    description: row.description,
    chain_id: row.chainId,
    chain: { id: row.chainId, chain_name: row.chainName },
    uploads: files
      .filter((f) => f.categoryId === row.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        category_id: f.categoryId,
        mime_type: f.mimeType,
        size_bytes: f.sizeBytes,
        created_at: f.createdAt.toISOString(),
      })),
    created_at: row.createdAt.toISOString(),
  };
}

export function createFilesService(db: Db, storage: Storage) {
  const scopeSql = (user: AuthUser) => chainsInScope(scopeOf(user));

  async function getCategory(user: AuthUser, id: number): Promise<Category> {
    const row = await repo.findCategory(db, id, scopeSql(user));
    if (!row) throw new NotFoundError('files.category_not_found');
    return toCategory(row, await repo.filesOf(db, [row.id]));
  }

  /**
   * Writes the category fields and adds the files as one unit: the files are stored first, the
   * rows in one transaction, and the stored files are removed again if the rows are not written.
   */
  async function save(user: AuthUser, id: number | null, body: CategoryBody, files: UploadedFile[]) {
    if (!(await repo.chainExists(db, body.chain_id))) throw ValidationError.field('chain_id', v('not_found'));
    const stored = await storeFiles(storage, await checkUploads(files, FILES_FIELD, CATEGORY_FILE_TYPES));
    try {
      const values = {
        chainId: body.chain_id,
        title: body.title,
        description: body.description,
        categoryName: body.category_name,
        subTitle: body.sub_title,
      };
      return await db.transaction(async (tx) => {
        let categoryId = id;
        if (categoryId === null) categoryId = await repo.insertCategory(tx, values);
        else await repo.updateCategory(tx, categoryId, values);
        await repo.insertFiles(
          tx,
          stored.map((file) => ({ ...file, categoryId, uploadedBy: user.id })),
        );
        return categoryId;
      });
    } catch (error) {
      await removeFiles(
        storage,
        stored.map((file) => file.storageKey),
      );
      throw error;
    }
  }

  return {
    async list(user: AuthUser, chainId?: number): Promise<CategoryGroup[]> {
      const rows = await repo.listCategories(db, scopeSql(user), chainId);
      const files = await repo.filesOf(
        db,
        rows.map((r) => r.id),
      );
      const groups = new Map<number, CategoryGroup>();
      for (const row of rows) {
        let group = groups.get(row.chainId);
        if (!group) {
          group = { chain: { id: row.chainId, chain_name: row.chainName }, data: [] };
          groups.set(row.chainId, group);
        }
        group.data.push(toCategory(row, files));
      }
      return [...groups.values()];
    },

    get: getCategory,

    async create(user: AuthUser, body: CategoryBody, files: UploadedFile[]) {
      const id = await save(user, null, body, files);
      return getCategory(user, id);
    },

    async update(user: AuthUser, id: number, body: CategoryBody, files: UploadedFile[]) {
      await getCategory(user, id);
      await save(user, id, body, files);
      return getCategory(user, id);
    },

    /** Deletes the category and its files, from the database and then from storage. */
    async remove(user: AuthUser, id: number) {
      await getCategory(user, id);
      const keys = await db.transaction((tx) => repo.deleteCategory(tx, id));
      await Promise.all(keys.map((key) => storage.remove(key)));
    },

    async removeFile(user: AuthUser, id: number) {
      const file = await repo.findFile(db, id, scopeSql(user));
      if (!file) throw new NotFoundError('files.file_not_found');
      await repo.deleteFile(db, id);
      await storage.remove(file.storageKey);
    },

    /** A file of a category in the caller's scope, ready to stream. */
    async download(user: AuthUser, id: number) {
      const file = await repo.findFile(db, id, scopeSql(user));
      if (!file || !(await storage.exists(file.storageKey))) throw new NotFoundError('files.file_not_found');
      return { name: file.name, mime: file.mimeType, size: file.sizeBytes, stream: storage.read(file.storageKey) };
    },
  };
}
