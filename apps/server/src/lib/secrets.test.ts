import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecrets, KEY_FILE, keyFromDataDir, SecretUnreadableError, secretsFromConfig } from './secrets.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-secrets-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const key = () => randomBytes(32);

describe('sealed secrets', () => {
  it('open to what was sealed, and never show it in the sealed form', () => {
    const secrets = createSecrets([key()]);
    const sealed = secrets.seal('s3cr3t-åäö', 'chain:1:oidc');
    expect(sealed).not.toContain('s3cr3t');
    expect(sealed).toMatch(/^v1\.[\w-]{8}\.[\w-]+$/);
    expect(secrets.open(sealed, 'chain:1:oidc')).toBe('s3cr3t-åäö');
    // A fresh nonce each time: the same secret never seals the same twice.
    expect(secrets.seal('s3cr3t-åäö', 'chain:1:oidc')).not.toBe(sealed);
  });

  it('refuse a value moved to another context, altered, cut short or sealed with another key', () => {
    const secrets = createSecrets([key()]);
    const sealed = secrets.seal('secret', 'chain:1:oidc');
    expect(() => secrets.open(sealed, 'chain:2:oidc')).toThrow(SecretUnreadableError);
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`;
    expect(() => secrets.open(flipped, 'chain:1:oidc')).toThrow(SecretUnreadableError);
    expect(() => secrets.open(sealed.slice(0, 20), 'chain:1:oidc')).toThrow(SecretUnreadableError);
    expect(() => secrets.open('plain text', 'chain:1:oidc')).toThrow(SecretUnreadableError);
    expect(() => createSecrets([key()]).open(sealed, 'chain:1:oidc')).toThrow(SecretUnreadableError);
  });

  it('still open values sealed with an earlier key after the key is replaced', () => {
    const [older, newer] = [key(), key()];
    const sealed = createSecrets([older]).seal('kept', 'ctx');
    const rotated = createSecrets([newer, older]);
    expect(rotated.open(sealed, 'ctx')).toBe('kept');
    // New values are sealed with the new key only.
    expect(() => createSecrets([older]).open(rotated.seal('new', 'ctx'), 'ctx')).toThrow(SecretUnreadableError);
  });

  it('refuse to start on a key that is not 32 bytes', () => {
    expect(() => createSecrets([randomBytes(16)])).toThrow(/32-byte keys/);
    expect(() => createSecrets([])).toThrow(/32-byte keys/);
  });
});

describe('the embedded mode without SECRETS_KEY', () => {
  it('makes a key once into DATA_DIR, readable by the server only, and uses it after a restart', () => {
    const dataDir = path.join(root, 'embedded');
    const first = secretsFromConfig({ DATA_DIR: dataDir, SECRETS_KEY_PREVIOUS: [] });
    const sealed = first.seal('kept across restarts', 'ctx');
    const file = path.join(dataDir, KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = secretsFromConfig({ DATA_DIR: dataDir, SECRETS_KEY_PREVIOUS: [] });
    expect(again.open(sealed, 'ctx')).toBe('kept across restarts');
    // Only the key file is left behind, no temporary one.
    expect(fs.readdirSync(dataDir)).toEqual([KEY_FILE]);
  });

  it('uses SECRETS_KEY instead when it is set, and writes no file', () => {
    const dataDir = path.join(root, 'configured');
    const configured = key();
    const secrets = secretsFromConfig({ DATA_DIR: dataDir, SECRETS_KEY: configured, SECRETS_KEY_PREVIOUS: [] });
    expect(createSecrets([configured]).open(secrets.seal('x', 'ctx'), 'ctx')).toBe('x');
    expect(fs.existsSync(path.join(dataDir, KEY_FILE))).toBe(false);
  });

  it('stops on a key file that holds no key rather than making another', () => {
    const dataDir = path.join(root, 'damaged');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, KEY_FILE), 'half a ke');
    expect(() => keyFromDataDir(dataDir)).toThrow(/does not hold a 32-byte base64 key/);
  });
});
