// Builds one migrated, seeded database once; every test file then starts from a copy of it
// (a copied PGlite directory, or `CREATE DATABASE ... TEMPLATE` on PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installValidationMessages } from '@wop/shared/validation';
import type { TestProject } from 'vitest/node';
import { openDatabase, runMigrations } from '../db/client.ts';
import { seedDemo } from '../db/seed.ts';
import { createStorage } from '../lib/storage.ts';
import { adminUrl, databaseUrlFor } from './pg.ts';

export default async function setup(project: TestProject) {
  installValidationMessages();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-test-'));
  const templateDir = path.join(root, 'template');
  const databaseUrl = process.env.DATABASE_URL;
  let templateDb: string | undefined;
  if (databaseUrl) {
    templateDb = `wop_tpl_${process.pid}`;
    const admin = await adminUrl(databaseUrl);
    await admin.query(`drop database if exists ${templateDb}`);
    await admin.query(`create database ${templateDb}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, templateDb), dataDir: templateDir });
    await runMigrations(database.db);
    await seedDemo(database.db, createStorage(path.join(templateDir, 'files')));
    await database.close();
  } else {
    const database = await openDatabase({ dataDir: templateDir });
    await runMigrations(database.db);
    await seedDemo(database.db, createStorage(path.join(templateDir, 'files')));
    await database.close();
  }
  project.provide('templateDir', templateDir);
  project.provide('templateDb', templateDb ?? '');
  return async () => {
    if (databaseUrl && templateDb) {
      const admin = await adminUrl(databaseUrl);
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`wop_t_${process.pid}_%`, templateDb],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string;
    templateDb: string;
  }
}
