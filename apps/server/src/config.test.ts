import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { newSecretsKey } from './lib/secrets.ts';

describe('configuration', () => {
  it('has the documented defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      APP_TIMEZONE: 'Europe/Stockholm',
      TOKEN_TTL_HOURS: 12,
      SEED_DEMO: true,
      MAX_UPLOAD_MB: 20,
      DATABASE_URL: undefined,
    });
    expect(config.DATA_DIR).toMatch(/\/data$/);
  });

  it('stops with a message naming every bad value', () => {
    const bad = () =>
      loadConfig({ PORT: 'abc', APP_TIMEZONE: 'Mars/Olympus', SEED_DEMO: 'maybe', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT: must be a number/);
    expect(bad).toThrow(/APP_TIMEZONE: must be an IANA time zone/);
    expect(bad).toThrow(/SEED_DEMO: must be true or false/);
    expect(bad).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', SEED_DEMO: 'false' })).toMatchObject({ PORT: 3000, SEED_DEMO: false });
  });

  it('seeds no demo accounts into a PostgreSQL database unless told to', () => {
    const url = 'postgres://db.example/app';
    const key = newSecretsKey();
    expect(loadConfig({ DATABASE_URL: url, SECRETS_KEY: key }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SECRETS_KEY: key, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({}).SEED_DEMO).toBe(true);
  });

  it('reads TRUST_PROXY as a number of proxies, true being one', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1' })).toThrow(/TRUST_PROXY: must be true, false or a number/);
  });

  it('wants a bucket for S3 storage, both AWS keys or neither, and a long enough metrics token', () => {
    expect(loadConfig({}).FILE_STORAGE).toBe('local');
    const bad = () =>
      loadConfig({
        FILE_STORAGE: 's3',
        AWS_ACCESS_KEY_ID: 'only-the-id',
        S3_ENDPOINT: 'minio',
        METRICS_TOKEN: 'short',
      });
    expect(bad).toThrow(/S3_ENDPOINT: must be a URL/);
    expect(bad).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    const missing = () => loadConfig({ FILE_STORAGE: 's3', AWS_ACCESS_KEY_ID: 'only-the-id' });
    expect(missing).toThrow(/S3_BUCKET: is required when FILE_STORAGE=s3/);
    expect(missing).toThrow(/AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together/);
    expect(
      loadConfig({
        FILE_STORAGE: 's3',
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toMatchObject({ FILE_STORAGE: 's3', S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: true, AWS_REGION: 'us-east-1' });
  });

  it('wants SECRETS_KEY with DATABASE_URL, as 32 bytes in base64, and reads earlier keys', () => {
    const url = 'postgres://db.example/app';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
      /SECRETS_KEY: is required when DATABASE_URL is set \(every instance needs the same one\)/,
    );
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(/SECRETS_KEY: must be 32 bytes in base64/);
    const [current, previous] = [newSecretsKey(), newSecretsKey()];
    expect(loadConfig({ DATABASE_URL: url, SECRETS_KEY: current }).SECRETS_KEY?.toString('base64')).toBe(current);
    // One bad earlier key stops the start.
    expect(() => loadConfig({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: `${previous},x` })).toThrow(
      /SECRETS_KEY_PREVIOUS: each key must be 32 bytes/,
    );
    const ok = loadConfig({ SECRETS_KEY: current, SECRETS_KEY_PREVIOUS: previous });
    expect(ok.SECRETS_KEY_PREVIOUS.map((k) => k.toString('base64'))).toEqual([previous]);
    expect(loadConfig({}).SECRETS_KEY).toBeUndefined();
  });
});
