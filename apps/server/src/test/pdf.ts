import zlib from 'node:zlib';

/** WinAnsi, the standard fonts' encoding: Latin-1 for å ä ö, with € and – among 0x80-0x9f. */
const winAnsi = new TextDecoder('windows-1252');

/**
 * The text of a pdfkit PDF: inflates each content stream and decodes its hex strings (WinAnsi). Good
 * enough to prove what a reader would show.
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      const content = zlib.inflateSync(pdf.subarray(start, end)).toString('latin1');
      let line = '';
      for (const tj of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
        for (const hex of tj[1].matchAll(/<([0-9a-fA-F]*)>/g)) line += winAnsi.decode(Buffer.from(hex[1], 'hex'));
        line += ' ';
      }
      out.push(line.replace(/ (?=\S)/g, (s) => s));
    } catch {
      // Not a deflated stream (e.g. an image).
    }
  }
  // pdfkit splits words into separate TJ runs; join them back as a reader would.
  return out.join('\n').replace(/\s+/g, ' ');
}

/** The contents of each page of a pdfkit PDF, inflated (the drawing operators as text). */
export function pdfPages(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const pages: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    try {
      pages.push(zlib.inflateSync(pdf.subarray(start, raw.indexOf('endstream', start))).toString('latin1'));
    } catch {
      // Not a deflated stream.
    }
  }
  return pages.filter((content) => / re\b/.test(content));
}
