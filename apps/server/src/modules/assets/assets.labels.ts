import type { Asset } from '@wop/shared/assets';
import type { Locale } from '@wop/shared/constants';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { translate } from '../../i18n/index.ts';

/** The address a label's QR code opens: the asset found by its tag (the web app's /assets/tag/{tag}). */
export const tagUrl = (publicUrl: string, tag: string) =>
  `${publicUrl.replace(/\/+$/, '')}/assets/tag/${encodeURIComponent(tag)}`;

const MM = 72 / 25.4;
/**
 * The sheet: 2 x 7 labels of 99.1 x 38.1 mm on A4, the layout of the common self-adhesive sheets
 * (Avery L7163 and its equals), so the PDF prints straight onto them; on plain paper the thin frame
 * is the line to cut along.
 */
const SHEET = {
  columns: 2,
  rows: 7,
  width: 99.1 * MM,
  height: 38.1 * MM,
  left: 4.65 * MM,
  top: 15.15 * MM,
  pitchX: 101.6 * MM,
  pitchY: 38.1 * MM,
};
const PAD = 3 * MM;
/** Modules of white around the code, as the QR standard asks for a reliable scan. */
const QUIET_ZONE = 4;

/** The code's dark modules as vector squares: sharp at any printer's resolution. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, side: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = side / (modules.size + 2 * QUIET_ZONE);
  const origin = (n: number) => (n + QUIET_ZONE) * cell;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // A hair of overlap, so that no viewer shows seams between neighbouring squares.
      if (modules.get(row, col)) doc.rect(x + origin(col), y + origin(row), cell + 0.05, cell + 0.05);
    }
  }
  doc.fillColor('#000000').fill();
}

/**
 * Printable labels, several per A4 page: each with the QR code of its tag's address, the chain's
 * name, the asset's name, its store and the tag in letters (to type when a camera will not do).
 * pdfkit's built-in Helvetica writes WinAnsi text, which covers the Nordic letters.
 */
export function labelsPdf(assets: Asset[], locale: Locale, publicUrl: string): Promise<Buffer> {
  const t = (key: string) => translate(locale, `assets.label.${key}`);
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, info: { Title: t('title') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const perPage = SHEET.columns * SHEET.rows;
  assets.forEach((asset, i) => {
    if (i % perPage === 0) doc.addPage();
    const slot = i % perPage;
    const x = SHEET.left + (slot % SHEET.columns) * SHEET.pitchX;
    const y = SHEET.top + Math.floor(slot / SHEET.columns) * SHEET.pitchY;
    doc.lineWidth(0.25).strokeColor('#cccccc').rect(x, y, SHEET.width, SHEET.height).stroke();

    const side = SHEET.height - 2 * PAD;
    drawQr(doc, tagUrl(publicUrl, asset.tag), x + PAD, y + PAD, side);

    const textX = x + PAD + side + PAD;
    const width = SHEET.width - (textX - x) - PAD;
    const line = (font: string, size: number, color: string, text: string, lines = 1) =>
      doc
        .font(font)
        .fontSize(size)
        .fillColor(color)
        .text(text, { width, height: size * 1.2 * lines, ellipsis: true, lineGap: 0 });
    doc.x = textX;
    doc.y = y + PAD + 1;
    line('Helvetica', 7.5, '#555555', asset.chain.chain_name);
    line('Helvetica-Bold', 11, '#000000', asset.name, 2);
    line('Helvetica', 8.5, '#222222', asset.store.store_name);
    doc.moveDown(0.2);
    line('Courier-Bold', 13, '#000000', asset.tag);
    doc.y = y + SHEET.height - PAD - 8;
    line('Helvetica', 6.5, '#555555', t('scan'));
  });
  if (assets.length === 0) doc.addPage();
  doc.end();
  return done;
}
