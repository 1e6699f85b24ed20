// Uploads, once for every module: reading a multipart form, checking files by their bytes,
// writing them to storage as one unit with their rows, and naming them safely on the way out.
import path from 'node:path';
import { MAX_FILES_PER_REQUEST } from '@wop/shared/constants';
import { v } from '@wop/shared/validation';
import { create as createContentDisposition } from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ValidationError } from './errors.ts';
import type { Storage } from './storage.ts';

export interface UploadedFile {
  /** The form field without a trailing `[]` (`files[]` -> `files`). */
  field: string;
  filename: string;
  data: Buffer;
}

export interface CheckedFile extends UploadedFile {
  ext: string;
  mime: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const fieldName = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * Reads a multipart form into memory: text fields and files (each at most MAX_UPLOAD_MB, which the
 * multipart plugin enforces with a 413). More than 10 files is a 422 on `filesField`. A request that
 * is not multipart is read as a plain object of fields, so a JSON body works for forms without files.
 */
export async function readMultipart(request: FastifyRequest, filesField: string): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = Object.fromEntries(
      Object.entries(body)
        .filter(([, value]) => value !== undefined && value !== null && typeof value !== 'object')
        .map(([key, value]) => [key, String(value)]),
    );
    return { fields, files: [] };
  }
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A browser sends an empty part for an untouched file input: ignore it.
        if (data.length === 0 && !part.filename) continue;
        files.push({ field: fieldName(part.fieldname), filename: part.filename, data });
      } else if (typeof part.value === 'string' || typeof part.value === 'number') {
        fields[fieldName(part.fieldname)] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw ValidationError.field(filesField, v('file_count', MAX_FILES_PER_REQUEST));
    }
    throw error;
  }
  return { fields, files };
}

/** MIME types the product serves files as, by the extension file-type reports. */
const MIME: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
/** Names users give files: `.jpeg` is a JPEG like `.jpg`. */
const ALIASES: Record<string, string> = { jpeg: 'jpg' };

/**
 * The real type of a file, from its bytes (not its name or the browser's Content-Type), if it is
 * one of `allowed` and its name says the same. Anything else (an HTML page renamed to .pdf, a zip
 * renamed to .docx, a PNG named .pdf) is null.
 */
export async function checkFileType(
  data: Buffer,
  filename: string,
  allowed: readonly string[],
): Promise<{ ext: string; mime: string } | null> {
  const detected = data.length ? await fileTypeFromBuffer(data) : undefined;
  if (!detected) return null;
  const ext = ALIASES[detected.ext] ?? detected.ext;
  const mime = MIME[ext];
  if (!mime || !allowed.includes(ext)) return null;
  const named = path.extname(filename).slice(1).toLowerCase();
  if ((ALIASES[named] ?? named) !== ext) return null;
  // A .docx is a zip: a real Word document has its main part.
  if (ext === 'docx' && !data.includes('word/document.xml')) return null;
  return { ext, mime };
}

/**
 * Accepts the files of one form field, each checked by content against `allowed`; a file in any
 * other field, or of another type, is a 422 before anything is stored.
 */
export async function checkUploads(
  files: UploadedFile[],
  field: string,
  allowed: readonly string[],
): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) {
    if (file.field !== field) throw ValidationError.field(file.field, v('not_allowed'));
    const type = await checkFileType(file.data, file.filename, allowed);
    if (!type) throw ValidationError.field(field, v('file_type', allowed.join(', ')));
    checked.push({ ...file, ...type });
  }
  return checked;
}

/**
 * Characters that change how a name reads without being seen: C0/C1 controls, the bidirectional
 * overrides, embeddings, isolates and marks (`invoice\u202Efdp.exe` shows as `invoiceexe.pdf`), and
 * zero-width characters.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** A file name fit to store and show: no folders, no invisible or reserved characters, at most 255 characters. */
export function cleanFileName(name: string, fallbackExt: string): string {
  const base = (name.normalize('NFC').split(/[\\/]/).pop() ?? '')
    .replace(INVISIBLE, '')
    .replace(/["<>|*?:]/g, '')
    .trim();
  const safe = base && base !== '.' && base !== '..' ? base : `file.${fallbackExt}`;
  if (safe.length <= 255) return safe;
  const ext = path.extname(safe).slice(0, 16);
  return safe.slice(0, 255 - ext.length) + ext;
}

export interface StoredFile {
  name: string;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
}

/**
 * Writes checked files to storage. Call it before the transaction that writes their rows and
 * `removeFiles` if that transaction fails: then a failed request leaves neither file nor row.
 */
export async function storeFiles(storage: Storage, files: CheckedFile[]): Promise<StoredFile[]> {
  const written: StoredFile[] = [];
  try {
    for (const file of files) {
      const storageKey = await storage.put(file.data, file.ext);
      written.push({
        name: cleanFileName(file.filename, file.ext),
        storageKey,
        mimeType: file.mime,
        sizeBytes: file.data.length,
      });
    }
  } catch (error) {
    await removeFiles(
      storage,
      written.map((w) => w.storageKey),
    );
    throw error;
  }
  return written;
}

export async function removeFiles(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})));
}

/**
 * `Content-Disposition` for a stored name (names stored before invisible characters were removed
 * are cleaned here too): an ASCII fallback and the exact name in RFC 8187 form.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const clean = cleanFileName(name, path.extname(name).slice(1) || 'bin');
  // `för` falls back to `for` rather than `f?r` for a client that reads only `filename`.
  const fallback = clean
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return createContentDisposition(clean, { type: kind, fallback });
}
