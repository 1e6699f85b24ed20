import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';

export interface CheckedType {
  ext: string;
  mime: string;
}

/** The types the library accepts, as file-type names them, with the MIME type they are served as. */
const KNOWN: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
/** Names users give files: `.jpeg` is a JPEG like `.jpg`. */
const ALIASES: Record<string, string> = { jpeg: 'jpg' };

/**
 * The real type of an uploaded file, from its bytes (not its name or the browser's Content-Type),
 * if it is one of `allowed` and its name says the same. Anything else (an HTML page renamed to
 * .pdf, a zip renamed to .docx) is null.
 */
export async function checkFileType(
  data: Buffer,
  filename: string,
  allowed: readonly string[],
): Promise<CheckedType | null> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected) return null;
  const ext = detected.ext;
  const mime = KNOWN[ext];
  if (!mime || !allowed.includes(ext)) return null;
  const named = path.extname(filename).slice(1).toLowerCase();
  if ((ALIASES[named] ?? named) !== ext) return null;
  // A .docx is a zip: file-type looks at its entries; a real Word document has its main part.
  if (ext === 'docx' && !data.includes('word/document.xml')) return null;
  return { ext, mime };
}

/** A file name fit to store and show: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string, fallbackExt: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '')
    .trim();
  const safe = base && base !== '.' && base !== '..' ? base : `file.${fallbackExt}`;
  if (safe.length <= 255) return safe;
  const ext = path.extname(safe).slice(0, 16);
  return safe.slice(0, 255 - ext.length) + ext;
}

/**
 * `Content-Disposition: attachment` with an ASCII fallback name and the exact name in RFC 5987
 * form, so no header injection and no name a browser would run.
 */
export function attachmentHeader(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w.\- ]/g, '_') || 'download';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
