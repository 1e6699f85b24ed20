/** Manuals and files library: the category (folder) form and the answer shapes. */
import { z } from 'zod';
import { CATEGORY_FILE_TYPES } from './constants.ts';
import { int4Id, requiredText, text } from './primitives.ts';

const optionalText = (max = 255) =>
  text()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((value) => value || null);

const idField = int4Id();

/** The category form (create and update); the files come separately as `files[]`. */
export const categoryBody = z.object({
  chain_id: idField,
  title: requiredText(),
  description: requiredText(10_000),
  category_name: optionalText(),
  sub_title: optionalText(),
});
export type CategoryBody = z.output<typeof categoryBody>;
export type CategoryForm = z.input<typeof categoryBody>;

/** What the browser's file picker accepts; the server checks the content as well. */
export const CATEGORY_FILE_ACCEPT = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/pdf': ['.pdf'],
} as const;
export const CATEGORY_FILE_LABEL = CATEGORY_FILE_TYPES.join(', ');

export interface CategoryUpload {
  id: number;
  name: string;
  category_id: number;
  mime_type: string;
  size_bytes: number;
  created_at: string;
}

export interface Category {
  id: number;
  category_name: string | null;
  title: string;
  sub_title: string | null;
  description: string;
  chain_id: number;
  chain: { id: number; chain_name: string };
  uploads: CategoryUpload[];
  created_at: string;
}

/** GET /api/admin/categories: categories grouped per chain. */
export interface CategoryGroup {
  chain: { id: number; chain_name: string };
  data: Category[];
}
