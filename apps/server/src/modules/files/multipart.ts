import { MAX_FILES_PER_REQUEST } from '@wop/shared/constants';
import { v } from '@wop/shared/validation';
import type { FastifyRequest } from 'fastify';
import { ValidationError } from '../../lib/errors.ts';

export interface UploadedFile {
  /** The form field without a trailing `[]` (`files[]` -> `files`). */
  field: string;
  filename: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const fieldName = (name: string) => name.replace(/\[\d*\]$/, '');

/**
 * Reads a multipart form into memory: text fields and the files (each at most MAX_UPLOAD_MB, which
 * the multipart plugin enforces with a 413). A request that is not multipart is read as a plain
 * object of fields, so a JSON body works for forms without files.
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
