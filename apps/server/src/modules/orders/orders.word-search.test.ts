import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';
import { statementsSent } from '../../test/statements.ts';

/*
 * The admins' total of a search by a word is read from the description words that triggers keep
 * beside the orders (search_words, order_words and search_word_counts, migration 0011), not by
 * matching every description. Both must stay exact through every kind of write, and the total must be
 * what matching the descriptions would give.
 */
const app = await createTestApp();
const pool = app.database.pool;

/** Postings and counts that differ from reading the descriptions afresh (both ways), negative counts, words twice. */
async function wordErrors() {
  const { rows } = await pool.query(`
    with fresh as (select distinct o.id as order_id, w as word
        from orders o, regexp_split_to_table(lower(o.description), '[ \\t\\n\\r\\f\\v]+') w where w <> ''),
      kept as (select ow.order_id, s.word from order_words ow join search_words s on s.id = ow.word_id),
      posted as (select word_id, order_id % 8 as shard, count(*)::int as n from order_words group by 1, 2),
      counted as (select word_id, shard, n from search_word_counts where n <> 0)
    (select 'missing' as error, order_id::text, word from (select * from fresh except all select * from kept) a)
    union all (select 'extra', order_id::text, word from (select * from kept except all select * from fresh) b)
    union all (select 'count', word_id || '/' || shard, n::text
      from (select * from posted except all select * from counted) c)
    union all (select 'count', word_id || '/' || shard, n::text
      from (select * from counted except all select * from posted) d)
    union all (select 'negative', word_id || '/' || shard, n::text from search_word_counts where n < 0)
    union all (select 'twice', count(*)::text, word from search_words group by word having count(*) > 1)
    union all (select 'key', id::text, word from search_words where key <> sha256(convert_to(word, 'UTF8')))`);
  return rows;
}

/** What the admins' total must be: the search's three branches over every order, written out. */
async function expected(q: string) {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from orders
     where description ilike '%' || $1 || '%'
       or store_id in (select id from stores where store_name ilike '%' || $1 || '%')
       or ($1 ~ '^[0-9]{1,9}$' and project_number = $1::bigint)`,
    [q],
  );
  return rows[0].n;
}

async function listTotal(as: DemoUser, q: string) {
  const res = await call(app, 'GET', '/api/orders', { as, query: { q, limit: 1 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.total as number;
}

async function create(description: string) {
  const res = await call(app, 'POST', '/api/orders', {
    as: 'store',
    ...multipart({ description, worktype_id: 1, priority: 20, store_id: 1 }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.id as number;
}

async function put(id: number, payload: Record<string, unknown>) {
  const res = await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload });
  expect(res.statusCode, res.body).toBe(200);
}

/** The API does not edit a description (spec 6); a correction in the database does. */
async function setDescription(id: number, description: string) {
  await pool.query('update orders set description = $2 where id = $1', [id, description]);
}

async function remove(id: number) {
  const res = await call(app, 'DELETE', `/api/orders/${id}`, { as: 'admin' });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the description words', () => {
  it('are there for the demo orders from the start', async () => {
    expect(await wordErrors()).toEqual([]);
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from order_words');
    expect(rows[0].n).toBeGreaterThan(0);
  });

  it('stay exact through creates, edits of the description and of other fields, and deletes', async () => {
    const a = await create('Glasrutan i entrédörren har en SPRICKA.');
    const b = await create('Spricka i glasdörren,\tglasrutan\nbyts.  Spricka!');
    expect(await wordErrors()).toEqual([]);
    await setDescription(a, 'Glasrutan är lagad, ingen spricka kvar.');
    await put(b, { status: 'planned', planned_at: '2026-12-01 08:00' });
    expect(await wordErrors()).toEqual([]);
    await remove(b);
    expect(await wordErrors()).toEqual([]);
    await remove(a);
    expect(await wordErrors()).toEqual([]);
  });

  it('stay exact when several writers add the same new word at once', async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => create(`Zebrakorsningen målas om (${n})`)));
    expect(await wordErrors()).toEqual([]);
    for (const as of ['admin', 'superAdmin'] as const) expect(await listTotal(as, 'zebrakorsningen')).toBe(6);
    await Promise.all(ids.map((id, i) => setDescription(id, i % 2 ? 'Målas om' : 'Zebrakorsningen klar')));
    // One statement changing several orders' descriptions.
    await pool.query(`update orders set description = description || ' zebrakorsningen' where id = any($1)`, [
      ids.slice(0, 2),
    ]);
    expect(await wordErrors()).toEqual([]);
    expect(await listTotal('admin', 'ZEBRAKORSNINGEN')).toBe(4);
  });

  it('leave nothing behind when the writing transaction rolls back', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(`
        insert into orders (description, work_type_id, priority, chain_id, region_id, store_id, created_by,
          approval_status, status_id, due_at)
        select 'Rollbackordet syns aldrig', work_type_id, priority, chain_id, region_id, store_id, created_by,
          approval_status, status_id, due_at from orders order by id limit 1`);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await wordErrors()).toEqual([]);
    expect(await listTotal('admin', 'rollbackordet')).toBe(0);
  });
});

describe("the admins' total of a search", () => {
  it('is the count of matching orders, whichever way the words count it', async () => {
    await create('Kylaggregatet låter, kylaggregatet surrar');
    await create('Nya kylaggregatets fläkt, KYLAGGREGATETS kompressor');
    // One text in 20 different words: more than the total reads postings for.
    for (let i = 0; i < 20; i++) await create(`Felkod-${i}x visas på displayen`);
    const queries = [
      'kylaggregatet', // in two words (kylaggregatet, kylaggregatets), three times in two orders
      'KYLAGGREGATETS', // in one word
      'aggregat', // inside the words
      'felkod-', // in 20 words
      'displayen', // in one word of 20 orders
      'Malmö', // in a store's name
      'låter,', // with its punctuation, as written
      'ggr', // three letters
      'ab', // too short for the words: the descriptions are read
      'kylaggregatet låter', // with a space: the descriptions are read
      'ingenstans', // nowhere
    ];
    let found = 0;
    for (const q of queries) {
      const want = await expected(q);
      found += want;
      for (const as of ['admin', 'superAdmin'] as const) expect(await listTotal(as, q), q).toBe(want);
    }
    expect(found).toBeGreaterThan(40);
  });

  it('of a text in one word is read from its count, not from the orders', async () => {
    await create('Rulltrappan stannar');
    const sent = await statementsSent(
      async () => expect(await listTotal('admin', 'rulltrappan')).toBe(1),
      /search_word_counts/,
    );
    expect(sent).toHaveLength(1);
    type Node = {
      'Node Type': string;
      'Relation Name'?: string;
      'Index Name'?: string;
      'Actual Loops': number;
      Plans?: Node[];
    };
    const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
    // The plan the statement gets once it is shared (planned for any value), words and orders priced
    // as in a large table: sequential scans out.
    const client = await pool.connect();
    let plan: Node;
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      await client.query('set local plan_cache_mode = force_generic_plan');
      await client.query(`prepare word_total as ${sent[0].text}`);
      const values = (sent[0].values ?? []).map((v) => (typeof v === 'number' ? v : client.escapeLiteral(String(v))));
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: Node }] }>(
        `explain (analyze, format json) execute word_total(${values.join(', ')})`,
      );
      plan = rows[0]['QUERY PLAN'][0].Plan;
    } finally {
      await client.query('rollback');
      await client.query('deallocate word_total');
      client.release();
    }
    const ran = nodes(plan).filter((n) => n['Actual Loops'] > 0);
    // The words containing the text are found through their trigrams, once.
    expect(ran.filter((n) => n['Index Name'] === 'search_words_trgm')).toHaveLength(1);
    expect(ran.some((n) => n['Relation Name'] === 'search_word_counts')).toBe(true);
    // Orders are read only for the store-name branch, through the store's index: no description is matched.
    expect(ran.filter((n) => n['Relation Name'] === 'order_words')).toEqual([]);
    expect(JSON.stringify(ran.filter((n) => n['Relation Name'] === 'orders'))).not.toMatch(/description ~~\*/);
  });
});
