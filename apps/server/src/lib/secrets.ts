// Secrets the app must read back (a chain's OpenID Connect client secret, webhook signing secrets) are
// stored sealed: AES-256-GCM under a key that never enters the database, so a database dump or a stolen
// backup of PostgreSQL alone does not reveal them.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;
/** Where the embedded mode keeps the key it made for itself when SECRETS_KEY is unset. */
export const KEY_FILE = 'secrets.key';

/** A sealed value that cannot be opened: another key, another context, or altered bytes. */
export class SecretUnreadableError extends Error {}

export interface Secrets {
  /**
   * Seals `plain` for one `context` (e.g. `chain:7:oidc`): the context is authenticated, so a sealed value
   * copied into another row or column does not open there.
   */
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
}

/** A new random key, as SECRETS_KEY takes it (the same as `openssl rand -base64 32`). */
export const newSecretsKey = () => randomBytes(KEY_BYTES).toString('base64');

/** A SECRETS_KEY value as 32 bytes, or undefined when it is not 32 bytes in base64 (or base64url). */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/** Names a key without revealing it, so that a sealed value says which key opens it. */
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);

/**
 * Seals with the first key; opens with whichever key sealed the value, so that a key can be replaced
 * while values sealed with the previous one are still read (SECRETS_KEY_PREVIOUS).
 */
export function createSecrets(keys: Buffer[]): Secrets {
  if (keys.length === 0 || keys.some((key) => key.length !== KEY_BYTES)) {
    throw new Error(`secrets need ${KEY_BYTES}-byte keys`);
  }
  const byId = new Map(keys.map((key) => [keyId(key), key]));
  const current = keys[0];
  const currentId = keyId(current);
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${currentId}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, id, data, extra] = sealed.split('.');
      const key = byId.get(id ?? '');
      if (version !== VERSION || !key || !data || extra !== undefined) {
        throw new SecretUnreadableError('sealed with an unknown key or format');
      }
      const body = Buffer.from(data, 'base64url');
      if (body.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretUnreadableError('sealed value altered or sealed for another context');
      }
    },
  };
}

/**
 * The embedded mode's own key: made once into DATA_DIR (readable by the server's user only) and read
 * from there afterwards. Written whole under a temporary name and linked into place, so a crash never
 * leaves half a key, and two processes racing agree on the first one written.
 */
export function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, `${newSecretsKey()}\n`, { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const key = parseSecretsKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key`);
  return key;
}

/**
 * The app's secrets from its configuration: SECRETS_KEY (and SECRETS_KEY_PREVIOUS) when set, which the
 * configuration requires with DATABASE_URL so that every instance shares one key; otherwise the key the
 * embedded mode keeps in DATA_DIR.
 */
export function secretsFromConfig(config: {
  SECRETS_KEY?: Buffer;
  SECRETS_KEY_PREVIOUS: Buffer[];
  DATA_DIR: string;
}): Secrets {
  const current = config.SECRETS_KEY ?? keyFromDataDir(config.DATA_DIR);
  return createSecrets([current, ...config.SECRETS_KEY_PREVIOUS]);
}
