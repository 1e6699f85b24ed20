/** Store import and bulk user update: the columns of the files (api-contract "Imports") and the forms. */
import { z } from 'zod';
import { int4Id } from './primitives.ts';
import { filterId, listQuery } from './query.ts';
import { v } from './validation.ts';

export const STORE_IMPORT_COLUMNS = [
  'store_name',
  'phone',
  'email',
  'invoice_address',
  'contact_person',
  'region_name',
  'city',
  'lat',
  'lng',
] as const;
export const STORE_IMPORT_REQUIRED = ['store_name', 'phone', 'invoice_address', 'contact_person'] as const;

export const USER_IMPORT_COLUMNS = [
  'email',
  'name',
  'phone_no',
  'role',
  'chain_name',
  'region_name',
  'store_name',
  'password',
] as const;
export const USER_IMPORT_REQUIRED = ['email'] as const;
/** Several chains, regions or stores of one user in one cell. */
export const IMPORT_LIST_SEPARATOR = '|';

/** The sample files the web app offers, with exactly the contract's headers. */
export const STORE_IMPORT_SAMPLE = [
  STORE_IMPORT_COLUMNS.join(','),
  'Norrgården Vasastan,0812345678,vasastan@example.com,"Odengatan 1, 113 22 Stockholm",Anna Berg,,Stockholm,59.3445,18.0495',
  'Norrgården Gamla stan,0812345679,,"Västerlånggatan 5, 111 29 Stockholm",Erik Lund,,Stockholm,,',
].join('\n');
export const USER_IMPORT_SAMPLE = [
  USER_IMPORT_COLUMNS.join(','),
  'new.manager@example.com,Maria Nilsson,0701234567,store-manager,,,Norrgården Södermalm,secret123',
  'director@example.com,,0709876543,,,,,',
].join('\n');

/** The import form (spec 3): chain_id, and data_file checked by the form and the server. */
export const storeImportFields = z.object({ chain_id: int4Id() });

/** The chosen import file of a form (the server reads it from the multipart body). */
const dataFile = z.custom<Blob>((value) => typeof Blob !== 'undefined' && value instanceof Blob, {
  error: v('required'),
});
/** The store import form as the browser checks it. */
export const storeImportForm = storeImportFields.extend({ data_file: dataFile });
/** The bulk user update form as the browser checks it. */
export const userImportForm = z.object({ data_file: dataFile });

export const storeImportRecordSchema = z.object({
  id: z.number(),
  chain: z.object({ id: z.number(), chain_name: z.string() }),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  file_name: z.string().nullable(),
  created_at: z.string(),
  total_imported: z.number(),
  total_failed: z.number(),
});
export type StoreImportRecord = z.infer<typeof storeImportRecordSchema>;

export const userImportResultSchema = z.object({ created: z.number(), updated: z.number() });
export type UserImportResult = z.infer<typeof userImportResultSchema>;

export const STORE_IMPORT_SORTS = [
  'id',
  'created_at',
  'total_imported',
  'total_failed',
  'chain_name',
  'user_name',
] as const;

/** Past store imports, of one chain or of every chain in scope. */
export const storeImportListQuery = listQuery(STORE_IMPORT_SORTS).extend({ chain_id: filterId() });

/** The bulk user update's form: the file only. */
export const userImportFields = z.object({});
