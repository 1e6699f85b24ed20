import { STORE_IMPORT_SAMPLE, USER_IMPORT_SAMPLE } from '@wop/shared/imports';
import { count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storeImports, stores, users } from '../../db/schema/index.ts';
import { solidPng } from '../../db/seed-files.ts';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';

const app = await createTestApp();
const CHAIN_1 = 1; // Norrgården Livs, with regions
const CHAIN_2 = 2; // Kotimarket Oy, without regions

type Lang = 'en' | 'sv' | 'fi';
async function importStores(
  content: string | Buffer | null,
  chainId: number | '' = CHAIN_1,
  { as = 'admin' as DemoUser, name = 'stores.csv', lang }: { as?: DemoUser; name?: string; lang?: Lang } = {},
) {
  const body = multipart(
    chainId === '' ? {} : { chain_id: chainId },
    content === null ? [] : [{ field: 'data_file', name, data: Buffer.from(content), type: 'text/csv' }],
  );
  return call(app, 'POST', '/api/import/store', { as, payload: body.payload, headers: body.headers, lang });
}

async function updateUsers(content: string, { as = 'admin' as DemoUser, name = 'users.csv' } = {}) {
  const body = multipart({}, [{ field: 'data_file', name, data: Buffer.from(content), type: 'text/csv' }]);
  return call(app, 'POST', '/api/import/user/update', { as, payload: body.payload, headers: body.headers });
}

const storeCount = async () => (await app.db.select({ n: count() }).from(stores))[0].n;
const userCount = async () => (await app.db.select({ n: count() }).from(users))[0].n;
const lastImport = async () => (await app.db.select().from(storeImports).orderBy(desc(storeImports.id)).limit(1))[0];

const HEADER = 'store_name,phone,email,invoice_address,contact_person,region_name';

describe('importing stores', () => {
  it('imports the sample file and answers the import record', async () => {
    const before = await storeCount();
    const res = await importStores(STORE_IMPORT_SAMPLE, CHAIN_1, { name: 'sample-stores.csv' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('2 store(s) imported successfully.');
    expect(body.payload).toMatchObject({
      chain: { id: CHAIN_1, chain_name: 'Norrgården Livs' },
      user: { name: expect.any(String) },
      file_name: 'sample-stores.csv',
      total_imported: 2,
      total_failed: 0,
    });
    expect(body.payload.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await storeCount()).toBe(before + 2);
    const [store] = await app.db.select().from(stores).where(eq(stores.storeName, 'Norrgården Vasastan'));
    expect(store).toMatchObject({
      chainId: CHAIN_1,
      phone: '0812345678',
      invoiceAddress: 'Odengatan 1, 113 22 Stockholm',
    });
  });

  it('reads the city column, and imports a file without one', async () => {
    const withCity = `${HEADER},city\nNorrgården Liljeholmen,0812300001,,Box 2,Lena,,  Stockholm \nNorrgården Älvsjö,0812300002,,Box 3,Lena,,\n`;
    expect((await importStores(withCity)).statusCode).toBe(201);
    const cityOf = async (name: string) =>
      (await app.db.select({ city: stores.city }).from(stores).where(eq(stores.storeName, name)))[0]?.city;
    expect(await cityOf('Norrgården Liljeholmen')).toBe('Stockholm');
    expect(await cityOf('Norrgården Älvsjö')).toBeNull();
    const noCity = `${HEADER}\nNorrgården Farsta,0812300003,,Box 4,Lena,\n`;
    expect((await importStores(noCity)).statusCode).toBe(201);
    expect(await cityOf('Norrgården Farsta')).toBeNull();
    const long = await importStores(
      `${HEADER},city\nNorrgården Skärholmen,0812300004,,Box 5,Lena,,${'x'.repeat(101)}\n`,
    );
    expect(long.json().errors).toEqual({ '2': ['city: may not be longer than 100 characters'] });
  });

  it('reads the position columns: both or neither, in range', async () => {
    const file = `${HEADER},lat,lng\nNorrgården Fruängen,0812300010,,Box 6,Lena,,59.2860,17.9650\nNorrgården Hägersten,0812300011,,Box 7,Lena,,,\n`;
    expect((await importStores(file)).statusCode).toBe(201);
    const positionOf = async (name: string) =>
      (await app.db.select({ lat: stores.lat, lng: stores.lng }).from(stores).where(eq(stores.storeName, name)))[0];
    expect(await positionOf('Norrgården Fruängen')).toEqual({ lat: 59.286, lng: 17.965 });
    expect(await positionOf('Norrgården Hägersten')).toEqual({ lat: null, lng: null });
    const bad = await importStores(
      `${HEADER},lat,lng\nNorrgården Mälarhöjden,0812300012,,Box 8,Lena,,59.3,\nNorrgården Axelsberg,0812300013,,Box 9,Lena,,95,18\n`,
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ '2': ['lng: is required'], '3': ['lat: may not be greater than 90'] });
    expect(await positionOf('Norrgården Mälarhöjden')).toBeUndefined();
  });

  it('reads semicolons, a BOM, CRLF line ends, any column order and a region by name', async () => {
    const file = `\uFEFFregion_name;Store_Name;phone;invoice_address;contact_person\r\nstockholm;Norrgården Bromma;0812300000;Box 1, Bromma;Lena\r\n`;
    const res = await importStores(file, CHAIN_1, { name: 'stores.txt' });
    expect(res.statusCode, res.body).toBe(201);
    const [store] = await app.db.select().from(stores).where(eq(stores.storeName, 'Norrgården Bromma'));
    expect(store.regionId).not.toBeNull();
    expect(store.email).toBeNull();
  });

  it('lists every failing line with its messages and writes nothing', async () => {
    const before = await storeCount();
    const file = [
      HEADER,
      'Good store,0812345678,good@example.com,Street 1,Anna,',
      'Letters,08-ABC,,Street 2,Anna,',
      'Short,12345,,Street 3,Anna,',
      ',0812345678,,Street 4,Anna,',
      'Bad mail,0812345678,not-an-email,Street 5,Anna,',
      'Nowhere,0812345678,,Street 6,Anna,Atlantis',
      'Too many,0812345678,,Street 7,Anna,,extra',
      'Empty,,,,,',
    ].join('\n');
    const res = await importStores(file);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "Error! Couldn't import the provided dataset. Please fix the following error and try again.",
      errors: {
        '3': ['phone: must be a number'],
        '4': ['phone: must be atleast 9 digits'],
        '5': ['store_name: is required'],
        '6': ['email: must be a valid email address'],
        '7': ['region_name: does not exist'],
        '8': ['row: has 7 values, the header has 6'],
        '9': ['phone: is required', 'invoice_address: is required', 'contact_person: is required'],
      },
    });
    expect(await storeCount()).toBe(before);
    expect(await lastImport()).toMatchObject({ chainId: CHAIN_1, totalImported: 0, totalFailed: 7 });
  });

  it('refuses a store name the chain already has or the file repeats, on the line that repeats it', async () => {
    const before = await storeCount();
    const file = [
      HEADER,
      'Norrgården Ny,0812345678,,Street 1,Anna,',
      '  norrgården SÖDERMALM ,0812345678,,Street 2,Anna,',
      'NORRGÅRDEN NY,0812345678,,Street 3,Anna,',
    ].join('\n');
    const res = await importStores(file);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      '3': ['store_name: is already the name of a store in this chain'],
      '4': ['store_name: appears more than once in the file'],
    });
    expect(await storeCount()).toBe(before);
    // The same name in another chain is another store.
    const name = `${HEADER}\nHörnbutiken,0912345678,,Street 1,Aino,`;
    expect((await importStores(name, CHAIN_1)).statusCode).toBe(201);
    expect((await importStores(name, CHAIN_2)).statusCode).toBe(201);
  });

  it('refuses a region for a chain without regions', async () => {
    const res = await importStores(`${HEADER}\nKotimarket Espoo,0912345678,,Street 1,Aino,Stockholm`, CHAIN_2);
    expect(res.json().errors).toEqual({ '2': ['region_name: must be empty: the chain has no regions'] });
  });

  it('answers in Swedish', async () => {
    const res = await importStores(`${HEADER}\nX,abc,,Street,Anna,`, CHAIN_1, { lang: 'sv' });
    expect(res.json()).toEqual({
      message: 'Fel! Det gick inte att importera filen. Rätta till följande fel och försök igen.',
      errors: { '2': ['phone: måste vara ett nummer'] },
    });
  });

  it('refuses unknown columns and missing required ones on line 1', async () => {
    const unknown = await importStores(`${HEADER},country\nA,0812345678,,S,A,,Stockholm`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ '1': ['country: is not allowed'] });
    const missing = await importStores('store_name,invoice_address,contact_person\nA,S,A');
    expect(missing.json().errors).toEqual({ '1': ['phone: is required'] });
    expect(await lastImport()).toMatchObject({ totalImported: 0, totalFailed: 1 });
  });

  it('names the form fields that are missing', async () => {
    const res = await importStores(null, '');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ chain_id: ['is required'], data_file: ['is required'] });
    const noChain = await importStores(STORE_IMPORT_SAMPLE, 999_999);
    expect(noChain.json().errors).toEqual({ chain_id: ['does not exist'] });
  });

  it('refuses a file that is not UTF-8 text', async () => {
    const png = await importStores(solidPng(2, 2, [0, 0, 0]), CHAIN_1, { name: 'stores.csv' });
    expect(png.json().errors).toEqual({ data_file: ['must be a CSV or TXT file in UTF-8'] });
    const latin1 = await importStores(Buffer.from(`${HEADER}\nGöteborg,0812345678,,S,A,`, 'latin1'));
    expect(latin1.json().errors).toEqual({ data_file: ['must be a CSV or TXT file in UTF-8'] });
    const xlsx = await importStores(STORE_IMPORT_SAMPLE, CHAIN_1, { name: 'stores.xlsx' });
    expect(xlsx.json().errors).toEqual({ data_file: ['must be a file of type: csv, txt'] });
    const empty = await importStores(HEADER);
    expect(empty.json().errors).toEqual({ data_file: ['contains no rows'] });
  });

  it('is for super-admins and admins only', async () => {
    expect((await importStores(STORE_IMPORT_SAMPLE, CHAIN_1, { as: 'chainAdmin' })).statusCode).toBe(403);
    expect((await importStores(STORE_IMPORT_SAMPLE, CHAIN_1, { as: 'store' })).statusCode).toBe(403);
    const body = multipart({ chain_id: 1 });
    const res = await call(app, 'POST', '/api/import/store', { payload: body.payload, headers: body.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('the list of past imports', () => {
  it('shows every attempt, failed ones included, newest first, with pagination', async () => {
    const res = await call(app, 'GET', '/api/import/store', { as: 'superAdmin', query: { limit: 2 } });
    expect(res.statusCode).toBe(200);
    const page = res.json().payload;
    const total = (await app.db.select({ n: count() }).from(storeImports))[0].n;
    expect(page).toMatchObject({ current_page: 1, per_page: 2, total, last_page: Math.ceil(total / 2) });
    expect(page.data[0].id).toBeGreaterThan(page.data[1].id);
    expect(Object.keys(page.data[0]).sort()).toEqual(
      ['chain', 'created_at', 'file_name', 'id', 'total_failed', 'total_imported', 'user'].sort(),
    );
  });

  it('sorts by the number imported', async () => {
    const res = await call(app, 'GET', '/api/import/store', {
      as: 'admin',
      query: { sort_by: 'total_imported', sort_order: 'desc', limit: 1 },
    });
    expect(res.json().payload.data[0].total_imported).toBe(2);
    const bad = await call(app, 'GET', '/api/import/store', { as: 'admin', query: { sort_by: 'password' } });
    expect(bad.statusCode).toBe(422);
  });

  it('is refused to a chain-admin and to anonymous callers', async () => {
    expect((await call(app, 'GET', '/api/import/store', { as: 'chainAdmin' })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/import/store')).statusCode).toBe(401);
  });
});

describe('bulk user update', () => {
  const HEAD = 'email,name,phone_no,role,chain_name,region_name,store_name,password';

  it('updates a user by e-mail and leaves empty cells as they are', async () => {
    const [before] = await app.db.select().from(users).where(eq(users.email, 'director@example.com'));
    const res = await updateUsers(`${HEAD}\nDIRECTOR@example.com,,0709999999,,,,,`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: '0 user(s) created and 1 updated successfully.',
      payload: { created: 0, updated: 1 },
    });
    const [after] = await app.db.select().from(users).where(eq(users.email, 'director@example.com'));
    expect(after).toMatchObject({ name: before.name, phoneNo: '0709999999', roleId: before.roleId });
    const profile = await call(app, 'GET', '/api/profile', { as: 'director' });
    expect(profile.json().payload.entities_data).toEqual([expect.objectContaining({ region_name: 'Stockholm' })]);
  });

  it('creates users for unknown e-mails, with several chains separated by |', async () => {
    const file = [
      'email;name;phone_no;role;chain_name;region_name;store_name;password',
      'new.manager@example.com;Maria Nilsson;0701234567;store-manager;;;Norrgården Södermalm;secret123',
      'multi.chain@example.com;Olle Chain;0701234568;chain-admin;Norrgården Livs|kotimarket oy;;;secret123',
    ].join('\n');
    const res = await updateUsers(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ created: 2, updated: 0 });
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: 'multi.chain@example.com', password: 'secret123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().payload.user.entities_ids).toEqual([CHAIN_1, CHAIN_2]);
  });

  it('lists every failing line and writes nothing', async () => {
    const before = await userCount();
    const file = [
      HEAD,
      'fine@example.com,Fine,0701111111,technician,,,,secret123',
      'nopass@example.com,No Pass,0701111112,technician,,,,',
      'norole@example.com,No Role,0701111113,wizard,,,,secret123',
      'nostore@example.com,No Store,0701111114,store-manager,,,,secret123',
      'ghost@example.com,Ghost,0701111115,store-manager,,,Norrgården Atlantis,secret123',
      'not-an-email,Bad,0701111116,technician,,,,secret123',
      'fine@example.com,Twice,0701111117,technician,,,,secret123',
      'short@example.com,Short,0701111118,technician,,,,abc',
    ].join('\n');
    const res = await updateUsers(file);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: "Error! Couldn't import the provided dataset. Please fix the following error and try again.",
      errors: {
        '3': ['password: is required'],
        '4': ['role: does not exist'],
        '5': ['store_name: is required'],
        '6': ['store_name: "Norrgården Atlantis" does not exist'],
        '7': ['email: must be a valid email address'],
        '8': ['email: appears more than once in the file'],
        '9': ['password: must be at least 8 characters'],
      },
    });
    expect(await userCount()).toBe(before);
    expect(await app.db.select().from(users).where(eq(users.email, 'fine@example.com'))).toEqual([]);
  });

  it('accepts the sample file (its new user exists by now, so both rows are updates)', async () => {
    const res = await updateUsers(USER_IMPORT_SAMPLE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toEqual({ created: 0, updated: 2 });
  });

  it('is for super-admins and admins only', async () => {
    expect((await updateUsers(`${HEAD}\na@example.com,,,,,,,`, { as: 'chainAdmin' })).statusCode).toBe(403);
  });
});
