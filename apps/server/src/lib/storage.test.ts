import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp, multipart } from '../test/app.ts';
import { files } from '../test/files.ts';
import { startS3 } from '../test/s3.ts';
import {
  createS3Storage,
  createStorage,
  readAll,
  type Storage,
  storageFromConfig,
  sweepPartialFiles,
} from './storage.ts';

const s3 = await startS3();
afterAll(() => s3.stop());
const bucket = storageFromConfig({
  DATA_DIR: os.tmpdir(),
  FILE_STORAGE: 's3',
  S3_BUCKET: s3.env.S3_BUCKET,
  S3_ENDPOINT: s3.env.S3_ENDPOINT,
  S3_FORCE_PATH_STYLE: true,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
});
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-files-'));
afterAll(() => fs.rmSync(localRoot, { recursive: true, force: true }));
const local = createStorage(localRoot);

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** A stream of `size` random bytes in 64 KB chunks, and the hash of what it sent. */
function randomStream(size: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const chunk = randomBytes(Math.min(65536, size - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

describe.each([
  ['the local folder', local],
  ['an S3-compatible bucket', bucket],
] as [string, Storage][])('file storage in %s', (_name, storage) => {
  it('keeps a streamed 12 MB file byte for byte (a multipart upload in S3) and forgets it on removal', async () => {
    const { stream, digest } = randomStream(12 * 1024 * 1024);
    const key = await storage.put(stream, 'pdf', 'application/pdf');
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(await storage.exists(key)).toBe(true);
    expect(sha(await readAll(storage.read(key)))).toBe(digest());
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it('reports a missing file as an error of the stream, not a crash', async () => {
    const key = await storage.put(Buffer.from('x'), 'png');
    await storage.remove(key);
    await expect(readAll(storage.read(key))).rejects.toThrow();
  });

  it('holds removals back while a backup holds them, and removes them when it lets go', async () => {
    const key = await storage.put(Buffer.from('kept during the backup'), 'pdf');
    const release = storage.holdRemovals();
    await storage.remove(key);
    expect(await storage.exists(key)).toBe(true);
    await release();
    expect(await storage.exists(key)).toBe(false);
  });

  it('refuses a key that could leave the storage', async () => {
    await expect(storage.remove('../../etc/passwd')).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.read('../x.pdf')).toThrow(/Invalid storage key/);
  });
});

describe('a failed local write', () => {
  it('leaves no half-written file, and start-up sweeps the .part files a crash left', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(local.put(failing, 'pdf')).rejects.toThrow('client went away');
    const leftovers = (fs.readdirSync(localRoot, { recursive: true }) as string[]).filter((f) => f.endsWith('.part'));
    expect(leftovers).toEqual([]);

    fs.mkdirSync(path.join(localRoot, 'ab'), { recursive: true });
    fs.writeFileSync(path.join(localRoot, 'ab', 'crashed.pdf.part'), 'half');
    fs.writeFileSync(path.join(localRoot, 'ab', 'kept.pdf'), 'whole');
    expect(await sweepPartialFiles(localRoot)).toBe(1);
    expect(fs.readdirSync(path.join(localRoot, 'ab'))).toEqual(['kept.pdf']);
  });
});

describe('the app on an S3-compatible bucket', async () => {
  const app = await createTestApp(s3.env);
  const spoolDir = path.join(app.appConfig.DATA_DIR, 'tmp');
  const spooled = () => (fs.existsSync(spoolDir) ? fs.readdirSync(spoolDir) : []);
  const localFiles = () =>
    (fs.readdirSync(path.join(app.appConfig.DATA_DIR, 'files'), { recursive: true }) as string[]).length;

  it('stores an order attachment in the bucket and downloads the same bytes', async () => {
    const pdf = files.pdf();
    const before = localFiles();
    const body = multipart({}, [{ field: 'documents[]', name: 'offert.pdf', data: pdf }]);
    const res = await call(app, 'POST', '/api/orders/1/upload', { as: 'store', ...body });
    expect(res.statusCode).toBe(201);
    const document = res.json().payload.find((d: { name: string }) => d.name === 'offert.pdf');
    const download = await call(app, 'GET', `/api/orders/1/documents/${document.id}`, { as: 'store' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(sha(download.rawPayload)).toBe(sha(pdf));
    // Nothing of it stays on the instance's disk: not in local storage, not in the upload spool.
    expect(localFiles()).toBe(before);
    expect(spooled()).toEqual([]);
  });

  it('leaves nothing in the spool when a file is refused', async () => {
    const body = multipart({}, [{ field: 'documents[]', name: 'page.pdf', data: Buffer.from('<html></html>') }]);
    expect((await call(app, 'POST', '/api/orders/1/upload', { as: 'store', ...body })).statusCode).toBe(422);
    expect(spooled()).toEqual([]);
  });
});

// The S3 client is built from the same settings the server reads.
describe('an S3 storage without the bucket', () => {
  it('answers a read error through the stream', async () => {
    const missing = createS3Storage({
      bucket: 'no-such-bucket',
      endpoint: s3.env.S3_ENDPOINT,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await expect(readAll(missing.read('ab/00000000-0000-0000-0000-000000000000.pdf'))).rejects.toThrow();
  });
});
