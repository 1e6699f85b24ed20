import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The local folder is the default; an object store can implement the
 * same interface when several instances share files.
 */
export interface Storage {
  /** Writes the bytes under a new unique key and returns it. */
  put(data: Buffer, extension: string): Promise<string>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

export function createStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(data, extension) {
      const id = randomUUID();
      const key = `${id.slice(0, 2)}/${id}.${extension.toLowerCase()}`;
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name first so a crash never leaves a half-written file under the key.
      const tmp = `${file}.part`;
      await fsp.writeFile(tmp, data);
      await fsp.rename(tmp, file);
      return key;
    },
    read: (key) => fs.createReadStream(resolve(key)),
    async exists(key) {
      try {
        await fsp.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}
