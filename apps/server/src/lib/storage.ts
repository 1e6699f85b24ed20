import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live: a local folder (one instance) or an S3-compatible bucket (any number of
 * instances). Bytes stream both ways; no file is held whole in memory.
 */
export interface Storage {
  /** Writes the bytes under a new unique key and returns it. A failed write leaves nothing under the key. */
  put(data: Buffer | Readable, extension: string, contentType?: string): Promise<string>;
  /** The bytes of a stored file; a read error surfaces as a stream error. */
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /**
   * Holds removals back until the returned function is called (a backup copying the files must not
   * lose one whose row it already copied); removals asked for meanwhile run then.
   */
  holdRemovals(): () => Promise<void>;
}

const SAFE_KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

function newKey(extension: string): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}.${extension.toLowerCase()}`;
}

function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** Removals that wait while any hold is taken. */
function removalQueue(removeNow: (key: string) => Promise<void>) {
  let holds = 0;
  const pending = new Set<string>();
  return {
    async remove(key: string) {
      checkedKey(key);
      if (holds > 0) pending.add(key);
      else await removeNow(key);
    },
    holdRemovals() {
      holds++;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holds--;
        if (holds > 0) return;
        const keys = [...pending];
        pending.clear();
        await Promise.all(keys.map((key) => removeNow(key).catch(() => {})));
      };
    },
  };
}

/** Files under a local folder (`DATA_DIR/files`). */
export function createStorage(root: string): Storage {
  const resolve = (key: string) => path.join(root, checkedKey(key));
  const removals = removalQueue((key) => fsp.rm(resolve(key), { force: true }));
  return {
    async put(data, extension) {
      const key = newKey(extension);
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary name first so a crash never leaves a half-written file under the key;
      // a `.part` left by a crash is swept at the next start (sweepPartialFiles).
      const tmp = `${file}.part`;
      try {
        if (Buffer.isBuffer(data)) await fsp.writeFile(tmp, data);
        else await pipeline(data, fs.createWriteStream(tmp));
        await fsp.rename(tmp, file);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
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
    remove: removals.remove,
    holdRemovals: removals.holdRemovals,
  };
}

/** Removes the `.part` files that a crash left in a local storage folder (or any folder of temporary files). */
export async function sweepPartialFiles(root: string): Promise<number> {
  let removed = 0;
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(root, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith('.part')) {
      await fsp.rm(path.join(entry.parentPath, entry.name), { force: true });
      removed++;
    }
  }
  return removed;
}

export interface S3Options {
  bucket: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph...). Uploads go up as a streamed multipart
 * upload (parts of 5 MB, a few at a time), so memory stays flat whatever the file size.
 */
export function createS3Storage(options: S3Options): Storage {
  // The SDK weighs ~35 MB of memory: loaded only by installs that use a bucket.
  const sdk = Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, lib]) => ({
    ...s3,
    Upload: lib.Upload,
    client: new s3.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
    }),
  }));
  const Bucket = options.bucket;
  const removals = removalQueue(async (key) => {
    const { client, DeleteObjectCommand } = await sdk;
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  });
  return {
    async put(data, extension, contentType) {
      const key = newKey(extension);
      const { client, Upload } = await sdk;
      // lib-storage aborts the multipart upload when a part fails: nothing is left under the key.
      await new Upload({
        client,
        params: { Bucket, Key: key, Body: data, ContentType: contentType },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
      }).done();
      return key;
    },
    read(key) {
      const out = new PassThrough();
      const Key = checkedKey(key);
      sdk
        .then(({ client, GetObjectCommand }) => client.send(new GetObjectCommand({ Bucket, Key })))
        .then((object) => pipeline(object.Body as Readable, out))
        .catch((error: unknown) => out.destroy(error as Error));
      return out;
    },
    async exists(key) {
      const { client, HeadObjectCommand } = await sdk;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return true;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) return false;
        throw error;
      }
    },
    remove: removals.remove,
    holdRemovals: removals.holdRemovals,
  };
}

/** Reads a whole stored file (small files only: seeds and tests). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(stream)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The storage the configuration names: DATA_DIR/files, or the S3 bucket. */
export function storageFromConfig(config: {
  DATA_DIR: string;
  FILE_STORAGE: 'local' | 's3';
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE: boolean;
  AWS_REGION: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
}): Storage {
  if (config.FILE_STORAGE === 'local') return createStorage(path.join(config.DATA_DIR, 'files'));
  return createS3Storage({
    bucket: config.S3_BUCKET as string,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    region: config.AWS_REGION,
    credentials:
      config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: config.AWS_ACCESS_KEY_ID, secretAccessKey: config.AWS_SECRET_ACCESS_KEY }
        : undefined,
  });
}
