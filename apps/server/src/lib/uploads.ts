// Uploads, once for every module: reading a multipart form, checking files by their bytes,
// writing them to storage as one unit with their rows, and naming them safely on the way out.
// Files never sit whole in memory: each part is spooled to a temporary file under DATA_DIR/tmp
// (keeping only its first bytes for the type check) and streamed from there to storage.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_FILES_PER_REQUEST } from '@wop/shared/constants';
import { v } from '@wop/shared/validation';
import { create as createContentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { ValidationError } from './errors.ts';
import { type Storage, sweepPartialFiles } from './storage.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The files of a multipart form (multipartForm), read before the fields are validated. */
    uploads: UploadedFile[];
  }
}

export interface UploadedFile {
  /** The form field without a trailing `[]` (`files[]` -> `files`). */
  field: string;
  filename: string;
  /** The spooled bytes (removed when the response is sent). */
  path: string;
  size: number;
  /** The first bytes, enough to tell the type. */
  head: Buffer;
  /** Whether the bytes contain a Word document's main part (a .docx is a zip that has one). */
  hasWordDocument: boolean;
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
const HEAD_BYTES = 4100;
const WORD_PART = Buffer.from('word/document.xml');

const spooled = new WeakMap<FastifyRequest, string[]>();
const spoolDir = (request: FastifyRequest) => path.join(request.server.appConfig.DATA_DIR, 'tmp');

/** Copies a part to a file, keeping its size, its first bytes and whether it has a Word part. */
async function spool(source: NodeJS.ReadableStream, file: string) {
  let size = 0;
  const heads: Buffer[] = [];
  let headSize = 0;
  let tail = Buffer.alloc(0);
  let hasWordDocument = false;
  const inspect = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (headSize < HEAD_BYTES) {
        heads.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      if (!hasWordDocument) {
        const window = Buffer.concat([tail, chunk]);
        hasWordDocument = window.includes(WORD_PART);
        tail = window.subarray(Math.max(0, window.length - WORD_PART.length + 1));
      }
      done(null, chunk);
    },
  });
  await pipeline(source, inspect, fs.createWriteStream(file, { flags: 'wx' }));
  return { size, head: Buffer.concat(heads), hasWordDocument };
}

/**
 * Reads a multipart form: text fields, and files spooled to disk (each at most MAX_UPLOAD_MB, a 413
 * past that). More than 10 files is a 422 on `filesField`. A request that is not multipart is read
 * as a plain object of fields, so a JSON body works for forms without files.
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
  const paths = spooled.get(request) ?? [];
  spooled.set(request, paths);
  const dir = spoolDir(request);
  await fsp.mkdir(dir, { recursive: true });
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = path.join(dir, `${randomUUID()}.part`);
        paths.push(file);
        const spooledPart = await spool(part.file, file);
        if (part.file.truncated) throw new request.server.multipartErrors.RequestFileTooLargeError();
        // A browser sends an empty part for an untouched file input: ignore it.
        if (spooledPart.size === 0 && !part.filename) continue;
        files.push({ field: fieldName(part.fieldname), filename: part.filename, path: file, ...spooledPart });
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

/**
 * A form that may carry files, as a route's `schema` (its body: the fields and the files, validated
 * like any body and described in the OpenAPI document) and its `preValidation` hook, which reads the
 * form first: the fields become the body, with each file part as its name (so that a required file
 * is "required" beside the fields' messages), and the files `request.uploads`. A JSON body is a form
 * without files. `many`: up to 10 files in `field[]`; otherwise one, required, in `field`.
 */
export function multipartForm<T extends z.ZodObject>(
  fields: T,
  files: { field: string; many?: boolean; description: string },
) {
  const file = z.string({ error: v('required') }).meta({ type: 'string', format: 'binary' });
  const key = files.many ? `${files.field}[]` : files.field;
  const fileSchema = files.many ? z.array(file).max(MAX_FILES_PER_REQUEST).optional() : file;
  return {
    schema: {
      consumes: ['multipart/form-data', 'application/json'],
      // Typed as the fields: the handler reads the files from request.uploads.
      body: fields.extend({ [key]: fileSchema.describe(files.description) }) as unknown as T,
    },
    preValidation: async (request: FastifyRequest) => {
      const form = await readMultipart(request, files.field);
      const names = form.files.filter((f) => f.field === files.field).map((f) => f.filename || files.field);
      const sent = files.many ? (names.length ? names : undefined) : names[0];
      request.body = { ...form.fields, [key]: sent };
      request.uploads = form.files;
    },
  };
}

/** The whole bytes of an uploaded file, for the few readers that parse it whole (imports). */
export const readUploaded = (file: UploadedFile) => fsp.readFile(file.path);

/**
 * Removes every request's spooled files once it is answered, and at start the ones a crash left
 * behind (in DATA_DIR/tmp and half-written files in local storage).
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    const root = app.appConfig.DATA_DIR;
    const swept =
      (await sweepPartialFiles(path.join(root, 'tmp'))) + (await sweepPartialFiles(path.join(root, 'files')));
    if (swept > 0) app.log.info({ swept }, 'removed partial files left by an earlier crash');
    app.decorateRequest('uploads', null as unknown as UploadedFile[]);
    const cleanup = async (request: FastifyRequest) => {
      const paths = spooled.get(request);
      if (!paths) return;
      spooled.delete(request);
      await Promise.all(paths.map((file) => fsp.rm(file, { force: true })));
    };
    // Before the answer goes out (every file was consumed by then), so a client that reads the
    // answer finds the spool clean; and when the client goes away mid-upload.
    app.addHook('onSend', async (request, _reply, payload) => {
      await cleanup(request);
      return payload;
    });
    app.addHook('onRequestAbort', cleanup);
  },
  { name: 'uploads' },
);

/** MIME types the product serves files as, by the extension file-type reports. */
export const MIME: Record<string, string> = {
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
  file: Pick<UploadedFile, 'head' | 'hasWordDocument' | 'filename'>,
  allowed: readonly string[],
): Promise<{ ext: string; mime: string } | null> {
  const detected = file.head.length ? await fileTypeFromBuffer(file.head) : undefined;
  if (!detected) return null;
  const ext = ALIASES[detected.ext] ?? detected.ext;
  const mime = MIME[ext];
  if (!mime || !allowed.includes(ext)) return null;
  const named = path.extname(file.filename).slice(1).toLowerCase();
  if ((ALIASES[named] ?? named) !== ext) return null;
  // A .docx is a zip: a real Word document has its main part.
  if (ext === 'docx' && !file.hasWordDocument) return null;
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
    const type = await checkFileType(file, allowed);
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
      const storageKey = await storage.put(fs.createReadStream(file.path), file.ext, file.mime);
      written.push({
        name: cleanFileName(file.filename, file.ext),
        storageKey,
        mimeType: file.mime,
        sizeBytes: file.size,
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
