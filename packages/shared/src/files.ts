/** Manuals and files library: the category (folder) form and the answer shapes. */
import { z } from 'zod';
import { CATEGORY_FILE_TYPES } from './constants.ts';
import { int4Id, requiredText, text } from './primitives.ts';
import { filterId } from './query.ts';

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

export const categoryUploadSchema = z.object({
  id: z.number(),
  name: z.string(),
  category_id: z.number(),
  mime_type: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
});
export type CategoryUpload = z.infer<typeof categoryUploadSchema>;

const chainRef = z.object({ id: z.number(), chain_name: z.string() });

export const categorySchema = z.object({
  id: z.number(),
  category_name: z.string().nullable(),
  title: z.string(),
  sub_title: z.string().nullable(),
  description: z.string(),
  chain_id: z.number(),
  chain: chainRef,
  uploads: z.array(categoryUploadSchema),
  created_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /api/admin/categories: categories grouped per chain. */
export const categoryGroupSchema = z.object({ chain: chainRef, data: z.array(categorySchema) });
export type CategoryGroup = z.infer<typeof categoryGroupSchema>;

/** The categories of one chain, or of every chain in scope. */
export const categoryListQuery = z.object({ chain_id: filterId() });
