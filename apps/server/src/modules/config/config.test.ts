import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

// Not the default zone, so the answer shows it comes from APP_TIMEZONE.
const app = await createTestApp({ APP_TIMEZONE: 'Europe/Helsinki' });

describe('GET /api/config', () => {
  it('tells the web app the zone that documents and filters use, without a sign-in', async () => {
    const res = await call(app, 'GET', '/api/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: null,
      payload: {
        timezone: 'Europe/Helsinki',
        sign_in_redirect_uri: 'http://localhost:3000/api/auth/provider/callback',
      },
    });
  });
});
