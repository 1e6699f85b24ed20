import { MAX_FILES_PER_REQUEST, ORDER_FILE_TYPES } from '@wop/shared/constants';
import { v } from '@wop/shared/validation';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ValidationError } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';

export interface IncomingFile {
  name: string;
  data: Buffer;
}

export interface CheckedFile extends IncomingFile {
  ext: string;
  mime: string;
}

/** Content types an order attachment may have, by the extension file-type reports for it. */
const ALLOWED: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const TYPE_LIST = ORDER_FILE_TYPES.join(', ');
const DOCUMENT_FIELDS = new Set(['documents', 'documents[]']);

/**
 * Reads a multipart request: text fields, and the files of `documents[]` (a file over MAX_UPLOAD_MB
 * or more than 10 files stop the request with 413 / 422 in the error handler). A JSON body gives
 * the fields only.
 */
export async function readMultipart(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && value !== null) fields[key] = String(value);
    }
    return { fields, files };
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A form without a chosen file still sends an empty part.
        if (!part.filename && data.length === 0) continue;
        if (!DOCUMENT_FIELDS.has(part.fieldname)) continue;
        files.push({ name: part.filename || 'file', data });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // Too many files is a form error on the field, not a too-large body.
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
      throw ValidationError.field('documents', v('file_count', MAX_FILES_PER_REQUEST));
    }
    throw error;
  }
  return { fields, files };
}

const extensionOf = (name: string) => {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return ext === 'jpeg' ? 'jpg' : ext;
};

/**
 * Accepts a file only when its bytes are one of the allowed types and its name says the same type
 * (a PNG named .pdf, or a script named .png, is refused).
 */
export async function checkFiles(files: IncomingFile[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  const errors: string[] = [];
  for (const file of files) {
    const detected = file.data.length ? await fileTypeFromBuffer(file.data) : undefined;
    const ext = detected?.ext === 'jpeg' ? 'jpg' : detected?.ext;
    if (!ext || !ALLOWED[ext] || extensionOf(file.name) !== ext) {
      errors.push(v('file_type', TYPE_LIST));
      continue;
    }
    checked.push({ ...file, ext, mime: ALLOWED[ext] });
  }
  if (errors.length) throw new ValidationError({ documents: [errors[0]] });
  return checked;
}

/** A file name safe to show and to send back: no path, no control characters, at most 200 characters. */
export function safeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '_').trim();
  return (cleaned || 'file').slice(-200);
}

/** Writes files to storage; on any failure the ones already written are removed again. */
export async function storeFiles(storage: Storage, files: CheckedFile[]) {
  const written: { name: string; storageKey: string; mimeType: string; sizeBytes: number }[] = [];
  try {
    for (const file of files) {
      const storageKey = await storage.put(file.data, file.ext);
      written.push({ name: safeName(file.name), storageKey, mimeType: file.mime, sizeBytes: file.data.length });
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

export async function removeFiles(storage: Storage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => {})));
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
