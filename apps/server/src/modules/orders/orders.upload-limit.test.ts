import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, multipart } from '../../test/app.ts';
import { files } from '../../test/files.ts';

// MAX_UPLOAD_MB of 0.05 (about 52 KB) so that an oversized file is small enough for a test.
const app = await createTestApp({ MAX_UPLOAD_MB: '0.05' });

const countFiles = () => {
  const dir = path.join(app.appConfig.DATA_DIR, 'files');
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.\w+$/.test(f)).length
    : 0;
};

describe('the upload size limit', () => {
  it('refuses a file over MAX_UPLOAD_MB with 413 and keeps nothing of the request', async () => {
    const big = Buffer.concat([files.pdf(), Buffer.alloc(60 * 1024, 0x20)]);
    const before = [
      countFiles(),
      (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0].n,
    ];
    const body = multipart({ description: 'Stor fil', worktype_id: 1, priority: 10, store_id: 1 }, [
      { field: 'documents[]', name: 'small.png', data: files.png() },
      { field: 'documents[]', name: 'big.pdf', data: big },
    ]);
    const res = await call(app, 'POST', '/api/orders', { as: 'store', ...body });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The upload is too large. Each file may be at most 0.05 MB.');
    const upload = multipart({}, [{ field: 'documents[]', name: 'big.pdf', data: big }]);
    expect((await call(app, 'POST', '/api/orders/1/upload', { as: 'store', ...upload })).statusCode).toBe(413);
    const after = [
      countFiles(),
      (await app.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0].n,
    ];
    expect(after).toEqual(before);
  });

  it('accepts a file just under the limit', async () => {
    const fits = Buffer.concat([files.pdf(), Buffer.alloc(40 * 1024, 0x20)]);
    const body = multipart({ description: 'Lagom fil', worktype_id: 1, priority: 10, store_id: 1 }, [
      { field: 'documents[]', name: 'fits.pdf', data: fits },
    ]);
    expect((await call(app, 'POST', '/api/orders', { as: 'store', ...body })).statusCode).toBe(201);
  });
});
