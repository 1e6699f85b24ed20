// Files for upload tests: real bytes of each accepted type, and a few impostors.
import { crc32 } from 'node:zlib';
import { simplePdf, solidPng } from '../db/seed-files.ts';

type Field = [offset: number, bytes: 2 | 4, value: number];

/** A zip header: `size` bytes, little-endian fields at their offsets, zero elsewhere. */
function zipHeader(size: number, fields: Field[]): Buffer {
  const header = Buffer.alloc(size);
  for (const [offset, bytes, value] of fields) {
    if (bytes === 2) header.writeUInt16LE(value, offset);
    else header.writeUInt32LE(value, offset);
  }
  return header;
}

/** A zip archive (stored, no compression) of the given entries: enough to make a .docx or a fake one. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    // CRC, stored size, size and name length: at 14 in the local header, at 16 in the central one.
    const file = (at: number): Field[] => [
      [at, 4, crc32(data)],
      [at + 4, 4, data.length],
      [at + 8, 4, data.length],
      [at + 12, 2, nameBytes.length],
    ];
    const local = zipHeader(30, [[0, 4, 0x04034b50], [4, 2, 20], ...file(14)]);
    const central = zipHeader(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], ...file(16), [42, 4, offset]]);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const count = Object.keys(entries).length;
  const end = zipHeader(22, [
    [0, 4, 0x06054b50],
    [8, 2, count],
    [10, 2, count],
    [12, 4, centralDir.length],
    [16, 4, offset],
  ]);
  return Buffer.concat([...locals, centralDir, end]);
}

/** A minimal Word document. */
export const docx = (text = 'Manual') =>
  zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    'word/document.xml': `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });

export const files = {
  png: () => solidPng(8, 8, [200, 30, 30]),
  pdf: () => simplePdf('Kvitto för åtgärd'),
  jpg: () =>
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]),
  webp: () =>
    Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]),
  docx: () => docx(),
  /** A shell script dressed up as a photo. */
  script: () => Buffer.from('#!/bin/sh\necho pwned\n'),
  html: () => Buffer.from('<html><script>alert(1)</script></html>'),
  /** A real GIF: an image, but not an accepted type. */
  gif: () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
};
