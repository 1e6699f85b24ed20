import { describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO } from './app.ts';

const app = await createTestApp();
const login = await call(app, 'POST', '/api/auth/login', { payload: { email: DEMO.store, password: 'demo1234' } });
const authorization = `Bearer ${login.json().payload.access_token}`;

const send = (method: 'POST' | 'PUT', url: string, contentType: string | undefined, payload: string) =>
  app.inject({
    method,
    url,
    payload,
    headers: { authorization, lang: 'sv', ...(contentType ? { 'content-type': contentType } : {}) },
  });

/** Whatever the body, the answer is a 4xx in the contract's shape, and the next request is served. */
async function expectRefused(res: Awaited<ReturnType<typeof send>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(typeof res.json().message).toBe('string');
  expect((await app.inject({ method: 'GET', url: '/api/profile', headers: { authorization } })).statusCode).toBe(200);
}

describe('request bodies that cannot be read', () => {
  it('answers 400 to malformed JSON', async () => {
    const res = await send('POST', '/api/profile', 'application/json', '{"name": ');
    await expectRefused(res, 400);
    expect(res.json().message).toBe('Begäran kunde inte läsas.');
  });

  it('answers 422 to a JSON body that is not an object', async () => {
    for (const body of ['"a string"', '42', 'null', '[1, 2]', 'true']) {
      const res = await send('POST', '/api/profile', 'application/json', body);
      await expectRefused(res, 422);
      expect(res.json().errors).toBeDefined();
    }
  });

  it('answers 415 to a content type the route does not read', async () => {
    await expectRefused(await send('POST', '/api/profile', 'text/plain', 'name=x'), 415);
    await expectRefused(await send('POST', '/api/profile', 'application/xml', '<name/>'), 415);
  });

  it('answers 400 to multipart without a boundary or with garbage', async () => {
    await expectRefused(await send('POST', '/api/orders', 'multipart/form-data', 'garbage'), 400);
    await expectRefused(
      await send('POST', '/api/orders', 'multipart/form-data; boundary=xyz', '--xyz\r\nnot a part header\r\n\r\n'),
      400,
    );
    await expectRefused(await send('POST', '/api/orders/1/upload', 'multipart/form-data', '\u0000\u0001'), 400);
  });
});
