import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ExportFormat } from '@wop/shared/exports';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

import type { Cell } from '../../lib/export-source.ts';

export type { Cell };

/**
 * Text that a spreadsheet would read as a formula (= + - @, or a leading tab or carriage return)
 * is written with a leading apostrophe, so opening an export never runs anything (CSV injection).
 */
export function neutralise(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The reader of an export left (a closed tab, a dropped connection): stop reading rows. */
export class ExportAborted extends Error {}

export interface SheetWriter {
  /** The file as it is written; pipe it to the response. */
  stream: PassThrough;
  /** Adds rows; resolves when the reader has room for more (constant memory on big exports). */
  addRows(rows: Cell[][]): Promise<void>;
  finish(): Promise<void>;
}

/** A streaming XLSX (exceljs WorkbookWriter) or CSV (csv-stringify, UTF-8 with BOM) writer. */
export function createSheetWriter(format: ExportFormat, sheetName: string, header: string[]): SheetWriter {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  /** Waits for `stream` to take more; stops the export when the download went away. */
  const room = async (stream: NodeJS.EventEmitter) => {
    await Promise.race([once(stream, 'drain'), once(out, 'close')]);
    if (out.destroyed) throw new ExportAborted();
  };
  const drained = async () => {
    if (out.destroyed) throw new ExportAborted();
    if (out.writableNeedDrain) await room(out);
  };

  if (format === 'csv') {
    const csv = stringify({ bom: true, record_delimiter: '\r\n' });
    csv.pipe(out);
    csv.write(header.map((cell) => neutralise(cell)));
    const write = async (row: Cell[]) => {
      if (!csv.write(row.map((cell) => neutralise(cell) ?? ''))) await room(csv);
    };
    return {
      stream: out,
      async addRows(rows) {
        for (const row of rows) await write(row);
        await drained();
      },
      async finish() {
        csv.end();
      },
    };
  }

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(header.map(neutralise)).commit();
  return {
    stream: out,
    async addRows(rows) {
      for (const row of rows) sheet.addRow(row.map((cell) => neutralise(cell) ?? null)).commit();
      await drained();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
