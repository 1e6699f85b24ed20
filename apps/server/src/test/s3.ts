import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server (s3rver) on a free loopback port with one bucket, and the
 * configuration that points the app at it. Stop it with `stop()`.
 */
export async function startS3(bucket = 'wop-files') {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  const env = {
    FILE_STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return {
    env,
    /** The bucket's objects, as s3rver keeps them on disk: the keys stored. */
    directory,
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
