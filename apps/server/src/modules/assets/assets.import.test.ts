import { ASSET_IMPORT_COLUMNS, ASSET_IMPORT_SAMPLE } from '@wop/shared/assets';
import { parse } from 'csv-parse/sync';
import { count, desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assetImports, assets } from '../../db/schema/index.ts';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';

const app = await createTestApp();

async function importAssets(
  content: string | Buffer,
  chainId: number | '' = 1,
  { as = 'admin' as DemoUser, name = 'assets.csv', lang }: { as?: DemoUser; name?: string; lang?: 'sv' | 'fi' } = {},
) {
  const body = multipart(chainId === '' ? {} : { chain_id: chainId }, [
    { field: 'data_file', name, data: Buffer.from(content), type: 'text/csv' },
  ]);
  return call(app, 'POST', '/api/import/assets', { as, payload: body.payload, headers: body.headers, lang });
}

const assetCount = async () => (await app.db.select({ n: count() }).from(assets))[0].n;
const lastImport = async () => (await app.db.select().from(assetImports).orderBy(desc(assetImports.id)).limit(1))[0];
const HEADER = 'store_name,name,worktype,tag,installed_on,warranty_until,replacement_value_minor,status';

describe('importing assets', () => {
  it('imports the sample file and answers the import record', async () => {
    const before = await assetCount();
    const res = await importAssets(ASSET_IMPORT_SAMPLE, 1, { name: 'assets-sample.csv' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: '2 asset(s) imported successfully.',
      payload: { chain: { id: 1 }, file_name: 'assets-sample.csv', total_imported: 2, total_failed: 0 },
    });
    expect(await assetCount()).toBe(before + 2);
    const found = await call(app, 'GET', '/api/assets/by-tag/FRZ-001', { as: 'store' });
    expect(found.json().payload).toMatchObject({
      name: 'Freezer island 1',
      store_id: 1,
      worktype_id: 3,
      make: 'Carrier',
      serial: 'SN-88412',
      installed_on: '2023-04-12',
      replacement_value_minor: 8_500_000,
      notes: 'By the entrance',
    });
  });

  it('reads UTF-8 with a BOM, semicolons, any column order, work types by their title in any language, and generates missing tags', async () => {
    const file =
      '\uFEFFname;worktype;store_name;tag\r\n' +
      'Kassalinje 1;El;norrgården södermalm;\r\n' +
      'Kylrum;Kylmälaitteet;Norrgården Kungsholmen;kyl-9\r\n';
    const res = await importAssets(file, 1, { name: 'assets.txt' });
    expect(res.statusCode, res.body).toBe(201);
    const list = await call(app, 'GET', '/api/assets', { as: 'admin', query: { q: 'Kassalinje 1' } });
    expect(list.json().payload.data[0]).toMatchObject({ store_id: 1, worktype_id: 1, status: 'in_service' });
    expect(list.json().payload.data[0].tag).toMatch(/^A\d{6}$/);
    expect((await call(app, 'GET', '/api/assets/by-tag/KYL-9', { as: 'admin' })).json().payload.store_id).toBe(2);
  });

  it('reports every failing line with each of its problems, and imports nothing', async () => {
    const before = await assetCount();
    const file = [
      HEADER,
      'Norrgården Södermalm,Frys A,refrigeration,IMP-1,2024-01-01,2026-01-01,100000,in_service',
      'Nowhere,Frys B,refrigeration,IMP-2,,,,',
      'Norrgården Södermalm,,plumbing,IMP-3,2024-02-30,,12.50,broken',
      'Norrgården Södermalm,Frys D,masonry,imp-1,2024-01-01,2023-01-01,,',
      'Norrgården Södermalm,Frys E,refrigeration,SOD-FRZ-01,,,-5,',
      'Kotimarket Kamppi,Frys F,refrigeration,bad tag!,,,,',
      'Norrgården Södermalm,Frys G,refrigeration,IMP-7,,,,,extra',
    ].join('\n');
    const res = await importAssets(file);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "Error! Couldn't import the provided dataset. Please fix the following error and try again.",
      errors: {
        '3': ['store_name: "Nowhere" does not exist'],
        '4': [
          'name: is required',
          'installed_on: must be a real date between the years 2000 and 2100',
          'replacement_value_minor: must be a whole number of minor units (cents, öre), without decimals',
          'status: is invalid',
        ],
        '5': [
          'worktype: "masonry" does not exist',
          'tag: appears more than once in the file',
          'warranty_until: may not be before the installation date',
        ],
        '6': ['tag: is already the tag of an asset in this chain', 'replacement_value_minor: must be at least 0'],
        '7': [
          'store_name: "Kotimarket Kamppi" does not exist',
          'tag: may contain only letters A-Z, digits, dots, hyphens and underscores',
        ],
        '8': ['row: has 9 values, the header has 8'],
      },
    });
    expect(await assetCount()).toBe(before);
    expect(await lastImport()).toMatchObject({ totalImported: 0, totalFailed: 6 });
  });

  it('refuses unknown, repeated and missing columns on line 1, in Swedish', async () => {
    const res = await importAssets('name,name,colour\nFrys,Frys,blå\n', 1, { lang: 'sv' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['1']).toEqual([
      'name: förekommer mer än en gång i rubrikraden',
      'colour: är inte tillåtet',
      'store_name: är obligatoriskt',
      'worktype: är obligatoriskt',
    ]);
  });

  it('refuses a binary file, an empty one and a missing chain', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await importAssets(png, 1, { name: 'assets.csv' })).json().errors).toEqual({
      data_file: ['must be a CSV or TXT file in UTF-8'],
    });
    expect((await importAssets(`${ASSET_IMPORT_COLUMNS.join(',')}\n`)).json().errors).toEqual({
      data_file: ['contains no rows'],
    });
    expect((await importAssets(ASSET_IMPORT_SAMPLE, '')).json().errors).toEqual({ chain_id: ['is required'] });
    expect((await importAssets(ASSET_IMPORT_SAMPLE, 999999)).json().errors).toEqual({ chain_id: ['does not exist'] });
  });

  it('lets a chain-admin import into its own chain only; others may not import', async () => {
    const file = `${HEADER}\nKotimarket Kamppi,Pakastin 9,refrigeration,KAMP-9,,,,\n`;
    expect((await importAssets(file, 2, { as: 'chainAdmin' })).json().errors).toEqual({
      chain_id: ['does not exist'],
    });
    expect((await importAssets(file, 2, { as: 'chainAdmin2' })).statusCode).toBe(201);
    expect((await importAssets(file, 2, { as: 'director' })).statusCode).toBe(403);
    expect((await importAssets(file, 2, { as: 'store' })).statusCode).toBe(403);
  });

  it("lists the past imports of the caller's chains, failed attempts included", async () => {
    const mine = await call(app, 'GET', '/api/import/assets', { as: 'chainAdmin2' });
    expect(mine.json().payload.data.every((r: { chain: { id: number } }) => r.chain.id === 2)).toBe(true);
    const all = await call(app, 'GET', '/api/import/assets', { as: 'admin', query: { sort_by: 'total_failed' } });
    expect(all.json().payload.data[0].total_failed).toBeGreaterThan(0);
  });
});

describe('exporting assets', () => {
  async function exportCsv(who: DemoUser, query: Record<string, string>, lang?: 'sv') {
    const token = (await call(app, 'POST', '/api/auth/download-token', { as: who })).json().payload.token;
    const res = await app.inject({
      method: 'GET',
      url: '/api/export',
      query: { type: 'AssetsExport', format: 'csv', access_token: token, ...query },
      headers: lang ? { lang } : {},
    });
    return res;
  }

  it("exports what the list shows, with the same filters, headers in the reader's language", async () => {
    const res = await exportCsv('chainAdmin', { store_id: '1', sort_by: 'tag', sort_order: 'asc' }, 'sv');
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parse(res.body.slice(1)) as string[][];
    expect(header.slice(0, 5)).toEqual(['ID', 'Inventarienummer', 'Namn', 'Status', 'Butik']);
    const list = await call(app, 'GET', '/api/assets', {
      as: 'chainAdmin',
      query: { store_id: 1, sort_by: 'tag', sort_order: 'asc', limit: 1000 },
    });
    expect(rows.map((row) => row[1])).toEqual(list.json().payload.data.map((a: { tag: string }) => a.tag));
    const freezer = rows.find((row) => row[1] === 'SOD-FRZ-01') as string[];
    expect(freezer.slice(2, 8)).toEqual([
      'Frysö 1',
      'I drift',
      'Norrgården Södermalm',
      'Norrgården Livs',
      'Stockholm',
      'Kyla',
    ]);
    expect(freezer[13]).toBe('85000');
  });

  it("holds only the caller's scope, and is refused to store managers and technicians", async () => {
    const res = await exportCsv('chainAdmin', { chain_id: '3' });
    expect(parse(res.body.slice(1))).toHaveLength(1);
    expect((await exportCsv('store', {})).statusCode).toBe(403);
    expect((await exportCsv('tech', {})).statusCode).toBe(403);
  });
});
