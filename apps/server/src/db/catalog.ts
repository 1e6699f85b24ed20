import type pg from 'pg';

/**
 * What the database's schema is, as the catalog tells it, in a form two databases can be compared by
 * (db/catalog.test.ts compares a freshly migrated one with db/catalog.json, the database the migrations
 * built before they were squashed into one baseline). Objects of extensions are left out; the
 * extensions themselves are named. A function's `SET search_path` is written as the path it resolves
 * to: `"$user", public` and `public` are the same here (no schema is named after a user), and PGlite
 * keeps the second where PostgreSQL keeps the first.
 */
export async function catalogSnapshot(pool: pg.Pool): Promise<Record<string, string[]>> {
  const lists: Record<string, string> = {
    extensions: `select extname from pg_extension where extname <> 'plpgsql'`,
    tables: `
      select format('%s: %s', c.relname, string_agg(a.attname, ', ' order by a.attnum))
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        and a.attnum > 0 and not a.attisdropped
      group by c.relname`,
    columns: `
      select format('%s.%s %s%s%s%s%s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
        case when a.attnotnull then ' not null' else '' end,
        coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), ''),
        case a.attidentity when 'a' then ' identity always' when 'd' then ' identity by default' else '' end,
        case a.attgenerated when 's' then ' generated' else '' end)
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
        and a.attnum > 0 and not a.attisdropped`,
    constraints: `
      select format('%s.%s %s', c.relname, k.conname, pg_get_constraintdef(k.oid))
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      where k.connamespace = 'public'::regnamespace and k.contype <> 'n'`,
    indexes: `select indexdef from pg_indexes where schemaname = 'public'`,
    sequences: `
      select format('%s %s start %s increment %s min %s max %s cache %s%s', s.seqrelid::regclass,
        format_type(s.seqtypid, null), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache,
        case when s.seqcycle then ' cycle' else '' end)
      from pg_sequence s join pg_class c on c.oid = s.seqrelid
      where c.relnamespace = 'public'::regnamespace`,
    functions: `
      select replace(pg_get_functiondef(p.oid), 'SET search_path TO ''$user'', ''public''', 'SET search_path TO ''public''')
      from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d
          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    triggers: `
      select pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`,
  };
  const snapshot: Record<string, string[]> = {};
  for (const [name, query] of Object.entries(lists)) {
    const { rows } = await pool.query<[string]>({ text: query, rowMode: 'array' });
    snapshot[name] = rows.map(([line]) => line.trimEnd()).sort();
  }
  return snapshot;
}
