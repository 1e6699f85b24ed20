import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoryFiles, fileCategories } from '../../db/schema/index.ts';
import { simplePdf, solidPng } from '../../db/seed-files.ts';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';
import { docx, zipOf } from '../../test/files.ts';

const app = await createTestApp();
const CHAIN_1 = 1;
const CHAIN_2 = 2;
const JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  0x4a,
  0x46,
  0x49,
  0x46,
  0x00,
  0x01,
  ...Array(64).fill(0),
]);

type Upload = { field?: string; name: string; data: Buffer };
async function postCategory(
  fields: Record<string, string | number>,
  files: Upload[] = [],
  as: DemoUser = 'superAdmin',
  url = '/api/admin/categories',
  lang?: 'en' | 'sv' | 'fi',
) {
  const body = multipart(
    fields,
    files.map((f) => ({ field: f.field ?? 'files[]', name: f.name, data: f.data })),
  );
  return call(app, 'POST', url, { as, payload: body.payload, headers: body.headers, lang });
}

const form = (chainId = CHAIN_1, title = 'Refrigeration manuals') => ({
  chain_id: chainId,
  title,
  sub_title: 'Cold rooms',
  description: 'Manuals for the cold rooms and freezers.',
  category_name: 'refrigeration',
});

async function downloadToken(as: DemoUser) {
  const res = await call(app, 'POST', '/api/auth/download-token', { as });
  return res.json().payload.token as string;
}

const countCategories = async () => (await app.db.select({ n: count() }).from(fileCategories))[0].n;
const countFiles = async () => (await app.db.select({ n: count() }).from(categoryFiles))[0].n;

describe('creating a folder with files', () => {
  it('lets the super-admin create a category with a pdf, png, jpg and docx', async () => {
    const res = await postCategory(form(), [
      { name: 'Manual.pdf', data: simplePdf('Manual') },
      { name: 'diagram.png', data: solidPng(4, 4, [10, 20, 30]) },
      { name: 'photo.jpeg', data: JPEG },
      { name: 'Instruktion för kylrum.docx', data: docx() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Category uploaded successfully.');
    expect(body.payload).toMatchObject({
      title: 'Refrigeration manuals',
      sub_title: 'Cold rooms',
      category_name: 'refrigeration',
      chain_id: CHAIN_1,
      chain: { id: CHAIN_1, chain_name: 'Norrgården Livs' },
    });
    expect(body.payload.uploads.map((u: { name: string; mime_type: string }) => [u.name, u.mime_type]).sort()).toEqual([
      ['Instruktion för kylrum.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['Manual.pdf', 'application/pdf'],
      ['diagram.png', 'image/png'],
      ['photo.jpeg', 'image/jpeg'],
    ]);
  });

  it('creates a folder without files too', async () => {
    const res = await postCategory(form(CHAIN_2, 'Kassasystem'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload.uploads).toEqual([]);
  });

  it('refuses an admin with 403', async () => {
    const res = await postCategory(form(), [], 'admin');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Forbidden action.');
  });

  it('answers 401 without a token', async () => {
    const body = multipart(form());
    const res = await call(app, 'POST', '/api/admin/categories', { payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(401);
  });

  it('names every missing field', async () => {
    const res = await postCategory({ sub_title: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      chain_id: ['is required'],
      title: ['is required'],
      description: ['is required'],
    });
  });

  it('refuses a chain that does not exist', async () => {
    const res = await postCategory(form(999_999));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'chain_id: does not exist', errors: { chain_id: ['does not exist'] } });
  });

  it('answers in Swedish when asked', async () => {
    const res = await postCategory({ chain_id: CHAIN_1, description: 'x' }, [], 'superAdmin', undefined, 'sv');
    expect(res.json().errors).toEqual({ title: ['är obligatoriskt'] });
  });
});

describe('checking files by their content', () => {
  const spoofs: [string, Upload][] = [
    [
      'an HTML page renamed to .pdf',
      { name: 'invoice.pdf', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ],
    ['a PNG named .pdf', { name: 'manual.pdf', data: solidPng(2, 2, [0, 0, 0]) }],
    ['a plain zip renamed to .docx', { name: 'manual.docx', data: zipOf({ 'readme.txt': 'hello' }) }],
    [
      'a spreadsheet renamed to .docx',
      { name: 'manual.docx', data: zipOf({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }) },
    ],
    ['an executable renamed to .png', { name: 'logo.png', data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00') }],
    ['a webp (not a category type)', { name: 'x.webp', data: Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 ', 'latin1') }],
  ];
  for (const [what, file] of spoofs) {
    it(`refuses ${what} and writes nothing`, async () => {
      const [categories, files] = [await countCategories(), await countFiles()];
      const res = await postCategory(form(), [{ name: 'ok.pdf', data: simplePdf('ok') }, file]);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ files: ['must be a file of type: docx, png, jpg, pdf'] });
      expect(await countCategories()).toBe(categories);
      expect(await countFiles()).toBe(files);
    });
  }

  it('refuses more than 10 files', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `m${i}.pdf`, data: simplePdf(`m${i}`) }));
    const res = await postCategory(form(), many);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ files: ['may not have more than 10 files'] });
  });
});

describe('seeing the library', () => {
  it('groups the categories per chain for an admin', async () => {
    const res = await call(app, 'GET', '/api/admin/categories', { as: 'admin' });
    expect(res.statusCode).toBe(200);
    const groups = res.json().payload as { chain: { id: number; chain_name: string }; data: { chain_id: number }[] }[];
    expect(groups.map((g) => g.chain.id).sort()).toEqual([CHAIN_1, CHAIN_2, 3]);
    for (const group of groups) expect(group.data.every((c) => c.chain_id === group.chain.id)).toBe(true);
  });

  it('shows a store manager only the categories of its own chain', async () => {
    const own = (await call(app, 'GET', '/api/admin/categories', { as: 'store' })).json().payload;
    expect(own.map((g: { chain: { id: number } }) => g.chain.id)).toEqual([CHAIN_1]);
    const other = (await call(app, 'GET', '/api/admin/categories', { as: 'store2' })).json().payload;
    expect(other.map((g: { chain: { id: number } }) => g.chain.id)).toEqual([CHAIN_2]);
  });

  it('filters by chain', async () => {
    const res = await call(app, 'GET', '/api/admin/categories', { as: 'superAdmin', query: { chain_id: CHAIN_2 } });
    expect(res.json().payload.map((g: { chain: { id: number } }) => g.chain.id)).toEqual([CHAIN_2]);
  });

  it('answers 404 when a store manager opens a category of another chain', async () => {
    const [category] = await app.db.select().from(fileCategories).where(eq(fileCategories.chainId, CHAIN_1));
    expect((await call(app, 'GET', `/api/admin/categories/${category.id}`, { as: 'store' })).statusCode).toBe(200);
    const res = await call(app, 'GET', `/api/admin/categories/${category.id}`, { as: 'store2' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Category not found.');
  });

  it('answers 401 without a token', async () => {
    expect((await call(app, 'GET', '/api/admin/categories')).statusCode).toBe(401);
  });
});

describe('file names', () => {
  it('lose control, bidirectional-override and zero-width characters, in the list and the download', async () => {
    // Shown as written, `Faktura\u202Efdp.exe` would read `Fakturaexe.pdf`.
    const name = 'Fak\u200btura\u202e\u2066fdp\u2069\u202c\u0007.pdf';
    const res = await postCategory(form(CHAIN_1, 'Invoices'), [{ name, data: simplePdf('Invoice') }]);
    expect(res.statusCode, res.body).toBe(201);
    const [upload] = res.json().payload.uploads;
    expect(upload.name).toBe('Fakturafdp.pdf');
    const token = await downloadToken('superAdmin');
    const download = await app.inject({
      method: 'GET',
      url: `/api/admin/files/${upload.id}/download?access_token=${token}`,
    });
    expect(download.headers['content-disposition']).toBe('attachment; filename=Fakturafdp.pdf');
  });
});

describe('downloading a file', () => {
  async function fileOfChain(chainId: number, ext: string) {
    const rows = await app.db
      .select({ id: categoryFiles.id, name: categoryFiles.name, key: categoryFiles.storageKey })
      .from(categoryFiles)
      .innerJoin(fileCategories, eq(fileCategories.id, categoryFiles.categoryId))
      .where(eq(fileCategories.chainId, chainId));
    return rows.find((r) => r.name.endsWith(ext))!;
  }

  it('lets a store manager of the chain download with a download token, as an attachment', async () => {
    const file = await fileOfChain(CHAIN_1, '.docx');
    const token = await downloadToken('store');
    const res = await app.inject({ method: 'GET', url: `/api/admin/files/${file.id}/download?access_token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Instruktion for kylrum.docx"; filename*=UTF-8''Instruktion%20f%C3%B6r%20kylrum.docx`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(docx())).toBe(true);
  });

  it('answers 404 to a store manager of another chain', async () => {
    const file = await fileOfChain(CHAIN_1, '.pdf');
    const token = await downloadToken('store2');
    const res = await app.inject({ method: 'GET', url: `/api/admin/files/${file.id}/download?access_token=${token}` });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a session token in the URL', async () => {
    const file = await fileOfChain(CHAIN_1, '.pdf');
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: 'store@example.com', password: 'demo1234' },
    });
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/files/${file.id}/download?access_token=${login.json().payload.access_token}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const file = await fileOfChain(CHAIN_1, '.pdf');
    expect((await app.inject({ method: 'GET', url: `/api/admin/files/${file.id}/download` })).statusCode).toBe(401);
  });
});

describe('changing and deleting', () => {
  it('updates a category with POST and adds the files sent', async () => {
    const created = (await postCategory(form(CHAIN_1, 'Old title'), [{ name: 'a.pdf', data: simplePdf('a') }])).json()
      .payload;
    const res = await postCategory(
      { ...form(CHAIN_1, 'New title'), sub_title: '' },
      [{ name: 'b.png', data: solidPng(2, 2, [1, 2, 3]) }],
      'superAdmin',
      `/api/admin/categories/${created.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Category updated successfully.');
    expect(res.json().payload).toMatchObject({ title: 'New title', sub_title: null });
    expect(res.json().payload.uploads.map((u: { name: string }) => u.name)).toEqual(['a.pdf', 'b.png']);
  });

  it('answers 404 when updating a category that does not exist', async () => {
    const res = await postCategory(form(), [], 'superAdmin', '/api/admin/categories/999999');
    expect(res.statusCode).toBe(404);
  });

  it('deletes a file from the database and from storage', async () => {
    const created = (await postCategory(form(), [{ name: 'gone.pdf', data: simplePdf('gone') }])).json().payload;
    const fileId = created.uploads[0].id;
    const [row] = await app.db.select().from(categoryFiles).where(eq(categoryFiles.id, fileId));
    expect(await app.storage.exists(row.storageKey)).toBe(true);
    expect((await call(app, 'DELETE', `/api/admin/files/${fileId}`, { as: 'admin' })).statusCode).toBe(403);
    const res = await call(app, 'DELETE', `/api/admin/files/${fileId}`, { as: 'superAdmin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('File deleted successfully.');
    expect(await app.storage.exists(row.storageKey)).toBe(false);
    expect(await app.db.select().from(categoryFiles).where(eq(categoryFiles.id, fileId))).toEqual([]);
    expect((await call(app, 'DELETE', `/api/admin/files/${fileId}`, { as: 'superAdmin' })).statusCode).toBe(404);
  });

  it('deletes a category with its files, from storage too', async () => {
    const created = (
      await postCategory(form(), [
        { name: 'one.pdf', data: simplePdf('1') },
        { name: 'two.pdf', data: simplePdf('2') },
      ])
    ).json().payload;
    const rows = await app.db.select().from(categoryFiles).where(eq(categoryFiles.categoryId, created.id));
    expect(rows).toHaveLength(2);
    expect((await call(app, 'DELETE', `/api/admin/categories/${created.id}`, { as: 'admin' })).statusCode).toBe(403);
    const res = await call(app, 'DELETE', `/api/admin/categories/${created.id}`, { as: 'superAdmin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Category deleted successfully.');
    for (const row of rows) expect(await app.storage.exists(row.storageKey)).toBe(false);
    expect(await app.db.select().from(categoryFiles).where(eq(categoryFiles.categoryId, created.id))).toEqual([]);
    expect((await call(app, 'GET', `/api/admin/categories/${created.id}`, { as: 'superAdmin' })).statusCode).toBe(404);
  });
});
