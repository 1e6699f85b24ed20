import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The words of the order descriptions, lowercased: split on ASCII whitespace, each distinct word once
 * as a rule (two writers adding the same new word at once may each add a row, which a search reads
 * alike). A word stays when its last order goes. Kept by statement triggers on `orders` in the
 * writing transaction (migration 0011_order_words); nothing else writes it.
 */
export const searchWords = pgTable(
  'search_words',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    word: text('word').notNull(),
  },
  (t) => [
    // A word's rows by the word itself, whatever its length (a btree key is limited to ~2.7 kB).
    index('search_words_word').using('hash', t.word),
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
