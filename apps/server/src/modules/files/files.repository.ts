import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categoryFiles, chains, fileCategories } from '../../db/schema/index.ts';

const categoryColumns = {
  id: fileCategories.id,
  categoryName: fileCategories.categoryName,
  title: fileCategories.title,
  subTitle: fileCategories.subTitle,
  description: fileCategories.description,
  chainId: fileCategories.chainId,
  chainName: chains.chainName,
  createdAt: fileCategories.createdAt,
};
export type CategoryRow = Awaited<ReturnType<typeof listCategories>>[number];

const fileColumns = {
  id: categoryFiles.id,
  categoryId: categoryFiles.categoryId,
  name: categoryFiles.name,
  storageKey: categoryFiles.storageKey,
  mimeType: categoryFiles.mimeType,
  sizeBytes: categoryFiles.sizeBytes,
  createdAt: categoryFiles.createdAt,
};
export type FileRow = Awaited<ReturnType<typeof filesOf>>[number];

/** Categories of the chains in `scope` (a chainsInScope filter), by chain name then newest first. */
export async function listCategories(db: DbOrTx, scope: SQL | undefined, chainId?: number) {
  return db
    .select(categoryColumns)
    .from(fileCategories)
    .innerJoin(chains, eq(chains.id, fileCategories.chainId))
    .where(and(scope, chainId ? eq(fileCategories.chainId, chainId) : undefined))
    .orderBy(asc(chains.chainName), asc(chains.id), asc(fileCategories.title), asc(fileCategories.id));
}

export async function findCategory(db: DbOrTx, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select(categoryColumns)
    .from(fileCategories)
    .innerJoin(chains, eq(chains.id, fileCategories.chainId))
    .where(and(eq(fileCategories.id, id), scope));
  return row;
}

export async function filesOf(db: DbOrTx, categoryIds: number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .select(fileColumns)
    .from(categoryFiles)
    .where(inArray(categoryFiles.categoryId, categoryIds))
    .orderBy(asc(categoryFiles.name), asc(categoryFiles.id));
}

/** A file with the chain of its category, if that chain is in `scope`. */
export async function findFile(db: DbOrTx, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({ ...fileColumns, chainId: fileCategories.chainId })
    .from(categoryFiles)
    .innerJoin(fileCategories, eq(fileCategories.id, categoryFiles.categoryId))
    .innerJoin(chains, eq(chains.id, fileCategories.chainId))
    .where(and(eq(categoryFiles.id, id), scope));
  return row;
}

export async function chainExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: chains.id }).from(chains).where(eq(chains.id, id));
  return row !== undefined;
}

export interface CategoryValues {
  chainId: number;
  title: string;
  description: string;
  categoryName: string | null;
  subTitle: string | null;
}

export async function insertCategory(db: DbOrTx, values: CategoryValues) {
  const [row] = await db.insert(fileCategories).values(values).returning({ id: fileCategories.id });
  return row.id;
}

export async function updateCategory(db: DbOrTx, id: number, values: CategoryValues) {
  await db
    .update(fileCategories)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(fileCategories.id, id));
}

export interface NewFile {
  categoryId: number;
  uploadedBy: number;
  name: string;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
}

export async function insertFiles(db: DbOrTx, files: NewFile[]) {
  if (files.length > 0) await db.insert(categoryFiles).values(files);
}

/** Deletes a category and its file rows; answers the storage keys of the files. */
export async function deleteCategory(db: DbOrTx, id: number): Promise<string[]> {
  const files = await db
    .delete(categoryFiles)
    .where(eq(categoryFiles.categoryId, id))
    .returning({ key: categoryFiles.storageKey });
  await db.delete(fileCategories).where(eq(fileCategories.id, id));
  return files.map((f) => f.key);
}

export async function deleteFile(db: DbOrTx, id: number) {
  await db.delete(categoryFiles).where(eq(categoryFiles.id, id));
}
