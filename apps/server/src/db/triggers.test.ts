import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

const app = await createTestApp();
const file = fs.readFileSync(new URL('./triggers.sql', import.meta.url), 'utf8');

/** SET search_path FROM CURRENT (migration 0010) keeps the session's path: PGlite's lacks '$user'. */
const samePath = (def: string) => def.replaceAll("SET search_path TO '$user', 'public'", "SET search_path TO 'public'");

/** Name -> definition, from the file: each function as pg_get_functiondef gives it, each trigger on its line. */
function definitionsIn(text: string) {
  const functions = new Map<string, string>();
  for (const [def, name] of text.matchAll(
    /^CREATE OR REPLACE FUNCTION public\.(\w+)\([\s\S]*?\$function\$[\s\S]*?\$function\$(?=;$)/gm,
  )) {
    functions.set(name, samePath(def));
  }
  const triggers = new Map<string, string>();
  for (const [, def, name] of text.matchAll(/^(CREATE TRIGGER (\w+) .*);$/gm)) triggers.set(name, def);
  return { functions, triggers };
}

describe('db/triggers.sql', () => {
  it('holds every trigger and function of the migrated database, as the database defines them, and nothing else', async () => {
    const { rows: functions } = await app.database.pool.query<{ name: string; def: string }>(`
      select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d
          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`);
    const { rows: triggers } = await app.database.pool.query<{ name: string; def: string }>(`
      select t.tgname as name, pg_get_triggerdef(t.oid) as def from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`);
    const inFile = definitionsIn(file);
    const inDatabase = {
      functions: new Map(functions.map((f) => [f.name, samePath(f.def.trimEnd())])),
      triggers: new Map(triggers.map((t) => [t.name, t.def])),
    };
    expect([...inFile.triggers.keys()].sort()).toEqual([...inDatabase.triggers.keys()].sort());
    expect([...inFile.functions.keys()].sort()).toEqual([...inDatabase.functions.keys()].sort());
    for (const [name, def] of inDatabase.triggers) expect(inFile.triggers.get(name), name).toBe(def);
    for (const [name, def] of inDatabase.functions) expect(inFile.functions.get(name), name).toBe(def);
  });
});
