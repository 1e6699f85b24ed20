import { customType, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The words of the order descriptions, lowercased (split on ASCII whitespace), each once. A word is
 * found by its SHA-256 (`key`): a unique index on the key serves every lookup the same way whatever
 * the statistics, and holds words of any length, which a btree on the word itself cannot. A word
 * stays when its last order goes. Kept by statement triggers on `orders` in the writing transaction
 * (migration 0011_order_words); nothing else writes it.
 */
export const searchWords = pgTable(
  'search_words',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: bytea('key').notNull(),
    word: text('word').notNull(),
  },
  (t) => [
    uniqueIndex('search_words_key').on(t.key),
    // The words that contain a search text (ilike '%text%').
    index('search_words_trgm').using('gin', t.word.op('gin_trgm_ops')),
  ],
);

/**
 * Which orders' descriptions hold which word, an order per word once: the admins' total of a search
 * text found in a few words counts their orders here (an index-only scan of the primary key) instead
 * of matching every description in the table.
 */
export const orderWords = pgTable(
  'order_words',
  {
    wordId: integer('word_id').notNull(),
    orderId: integer('order_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.wordId, t.orderId] })],
);

/**
 * How many orders hold each word (the postings of order_words per word): the total of a search text
 * found in one word, without reading its postings. Split by order id modulo 8 (`shard`), so that
 * writers adding orders at once mostly update different rows of a frequent word. n sums to the
 * postings; a shard whose orders all left keeps n = 0.
 */
export const searchWordCounts = pgTable(
  'search_word_counts',
  {
    wordId: integer('word_id').notNull(),
    shard: smallint('shard').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.wordId, t.shard] })],
);
