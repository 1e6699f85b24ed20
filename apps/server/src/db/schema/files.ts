import { index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.ts';
import { chainRef } from './org.ts';
import { userRef } from './users.ts';

/** A file in storage and who uploaded it: the columns of a category file and of an order document. */
export const storedFile = () => ({
  uploadedBy: userRef('uploaded_by'),
  name: varchar('name', { length: 255 }).notNull(),
  storageKey: varchar('storage_key', { length: 255 }).notNull().unique(),
  mimeType: varchar('mime_type', { length: 120 }).notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: createdAt(),
});

/** A folder of manuals and files for one chain. */
export const fileCategories = pgTable(
  'file_categories',
  {
    id: serial('id').primaryKey(),
    chainId: chainRef('restrict'),
    categoryName: varchar('category_name', { length: 255 }),
    title: varchar('title', { length: 255 }).notNull(),
    subTitle: varchar('sub_title', { length: 255 }),
    description: text('description').notNull(),
    ...timestamps(),
  },
  (t) => [index('file_categories_chain_idx').on(t.chainId)],
);

export const categoryFiles = pgTable(
  'category_files',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => fileCategories.id, { onDelete: 'cascade' }),
    ...storedFile(),
  },
  (t) => [index('category_files_category_idx').on(t.categoryId)],
);

/** The columns of one import attempt of a chain's rows from a file; a failed one has total_imported 0. */
export const importColumns = () => ({
  id: serial('id').primaryKey(),
  chainId: chainRef('cascade'),
  userId: userRef('user_id'),
  fileName: varchar('file_name', { length: 255 }),
  totalImported: integer('total_imported').notNull().default(0),
  totalFailed: integer('total_failed').notNull().default(0),
  errors: jsonb('errors'),
  createdAt: createdAt(),
});

export const storeImports = pgTable('store_imports', importColumns(), (t) => [
  index('store_imports_chain_idx').on(t.chainId),
]);
