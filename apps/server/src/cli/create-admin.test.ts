import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../test/app.ts';
import { CliError, createAdmin } from './create-admin.ts';

describe('npm run create-admin', () => {
  it('creates a super-admin who can sign in with the given password', async () => {
    const app = await createTestApp();
    const created = await createAdmin(app.db, { email: ' Ops@Example.com ', name: 'Ops Team', password: 'secret-7' });
    expect(created.email).toBe('ops@example.com');
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: 'ops@example.com', password: 'secret-7' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().payload.user).toMatchObject({ name: 'Ops Team', role: 'super-admin' });
  });

  it('refuses an e-mail that is already taken, and a short password, without writing anything', async () => {
    const app = await createTestApp();
    await expect(
      createAdmin(app.db, { email: 'admin@example.com', name: 'Again', password: 'secret-7' }),
    ).rejects.toThrow(/already exists/);
    await expect(createAdmin(app.db, { email: 'new@example.com', name: 'New', password: '12345' })).rejects.toThrow(
      CliError,
    );
    await expect(createAdmin(app.db, { email: 'not-an-email', name: 'New', password: 'secret-7' })).rejects.toThrow(
      /e-mail/,
    );
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: 'new@example.com', password: '12345' },
    });
    expect(login.statusCode).toBe(401);
  });
});
