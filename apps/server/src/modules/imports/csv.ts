import path from 'node:path';
import { IMPORT_FILE_TYPES, type Locale } from '@wop/shared/constants';
import { v } from '@wop/shared/validation';
import { CsvError, parse } from 'csv-parse/sync';
import { fileTypeFromBuffer } from 'file-type';
import { translate } from '../../i18n/index.ts';
import { ValidationError } from '../../lib/errors.ts';

/** Import failures: every failing line (the header is line 1) with its "field: message" texts. */
export type LineErrors = Record<string, string[]>;

export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

export const MAX_IMPORT_ROWS = 50_000;

/** Adds "field: message" to a line, the message in the caller's language. */
export function lineError(
  errors: LineErrors,
  locale: Locale,
  line: number,
  field: string,
  key: string,
  params?: Record<string, string | number>,
) {
  const list = errors[line] ?? [];
  list.push(`${field}: ${translate(locale, key, params)}`);
  errors[line] = list;
}

/** Refuses anything but a UTF-8 text file named .csv or .txt (by name and by content). */
export async function assertTextFile(field: string, filename: string, data: Buffer): Promise<string> {
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (!(IMPORT_FILE_TYPES as readonly string[]).includes(ext)) {
    throw ValidationError.field(field, v('file_type', IMPORT_FILE_TYPES.join(', ')));
  }
  // A binary file renamed to .csv: known magic bytes, or NUL bytes no text file has.
  if ((await fileTypeFromBuffer(data)) || data.includes(0)) throw ValidationError.field(field, 'imports.not_text');
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    throw ValidationError.field(field, 'imports.not_text');
  }
}

/** The separator of the file: a semicolon if the header has more of them than commas. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Reads a CSV/TXT import: first line the header (column order free, names case-insensitive),
 * comma or semicolon separated. Unknown, repeated or missing required columns fail on line 1;
 * a row with more values than the header fails on its own line. Answers the rows or the errors.
 */
export function readCsv(
  text: string,
  columns: readonly string[],
  required: readonly string[],
  locale: Locale,
  field = 'data_file',
): { rows: CsvRow[]; errors: LineErrors; dataRows: number } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      const errors: LineErrors = {};
      lineError(errors, locale, line, field, 'imports.unreadable', { reason: error.message });
      return { rows: [], errors, dataRows: 0 };
    }
    throw error;
  }
  const [head, ...body] = records;
  if (!head || body.length === 0) throw ValidationError.field(field, 'imports.empty');
  if (body.length > MAX_IMPORT_ROWS) throw ValidationError.field(field, 'imports.too_many_rows');

  const errors: LineErrors = {};
  const headerLine = head.info.lines;
  const header = head.record.map((name) => name.trim().toLowerCase());
  const seen = new Set<string>();
  for (const name of header) {
    if (!columns.includes(name)) lineError(errors, locale, headerLine, name || '""', v('not_allowed'));
    else if (seen.has(name)) lineError(errors, locale, headerLine, name, 'imports.duplicate_column');
    seen.add(name);
  }
  for (const name of required) if (!seen.has(name)) lineError(errors, locale, headerLine, name, v('required'));
  if (Object.keys(errors).length > 0) return { rows: [], errors, dataRows: body.length };

  const rows: CsvRow[] = [];
  for (const { record, info } of body) {
    if (record.length > header.length) {
      lineError(errors, locale, info.lines, 'row', 'imports.column_count', {
        found: record.length,
        expected: header.length,
      });
      continue;
    }
    const values: Record<string, string> = {};
    header.forEach((name, i) => {
      values[name] = record[i] ?? '';
    });
    rows.push({ line: info.lines, values });
  }
  return { rows, errors, dataRows: body.length };
}

/** The rows of the file, or a 422 with the lines that failed. */
export const hasErrors = (errors: LineErrors) => Object.keys(errors).length > 0;
