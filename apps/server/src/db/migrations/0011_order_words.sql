-- The words of every order's description, the orders each word is in, and how many. The admins'
-- total of a word search counted every matching description in the table, reading each one (0.13 s
-- for a word in 1 of 8 of a million orders, whatever the index). Here it is the count kept for the
-- one word that contains the text, or the orders of the few words that do, counted once each.
--
-- Exact: a search text without ASCII whitespace is in a description (ilike '%text%', which compares
-- the lowercased text with the lowercased description) exactly when it is in one of the description's
-- lowercased words, split on that whitespace. The list counts other texts the old way.
CREATE TABLE "order_words" (
	"word_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	CONSTRAINT "order_words_word_id_order_id_pk" PRIMARY KEY("word_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "search_word_counts" (
	"word_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "search_word_counts_word_id_shard_pk" PRIMARY KEY("word_id","shard")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" bytea NOT NULL,
	"word" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_words_key" ON "search_words" USING btree ("key");--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "description_words"(description text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select distinct w from regexp_split_to_table(lower(description), '[ \t\n\r\f\v]+') w where w <> '' $$;--> statement-breakpoint
-- A word's key in search_words.
CREATE FUNCTION "search_word_key"(word text) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select sha256(convert_to(word, 'UTF8')) $$;--> statement-breakpoint
-- Orders `ids` whose descriptions were `olds` and are `news` (null: inserted, deleted): the new words
-- are added first (a concurrent writer adding the same word waits for this one, and is then seen by
-- the next statement), then the postings move from the words that left to the words that came, and
-- the counts by the difference, upserted in key order so that concurrent writers lock count rows in
-- the same order.
CREATE FUNCTION "order_words_change"(ids integer[], olds text[], news text[]) RETURNS void LANGUAGE sql AS $$
  insert into search_words (key, word)
  select distinct on (k) k, w
  from unnest(ids, news) n(id, description), description_words(n.description) w, search_word_key(w) k
  where not exists (select 1 from search_words s where s.key = k)
  order by k
  on conflict (key) do nothing;
  with delta as (
    select id, search_word_key(word) as key, sum(d) as d from (
      select o.id, w, -1 from unnest(ids, olds) o(id, description), description_words(o.description) w
      union all
      select n.id, w, 1 from unnest(ids, news) n(id, description), description_words(n.description) w
    ) x(id, word, d)
    group by id, word having sum(d) <> 0
  ), gone as (
    delete from order_words ow using delta x, search_words s
    where x.d < 0 and s.key = x.key and ow.word_id = s.id and ow.order_id = x.id
    returning ow.word_id, ow.order_id, -1 as d
  ), came as (
    insert into order_words (word_id, order_id)
    select s.id, x.id from delta x join search_words s on s.key = x.key where x.d > 0
    returning word_id, order_id, 1 as d
  )
  insert into search_word_counts as c (word_id, shard, n)
  select word_id, order_id % 8, sum(d) from (select * from gone union all select * from came) x
  group by 1, 2 having sum(d) <> 0 order by 1, 2
  on conflict (word_id, shard) do update set n = c.n + excluded.n;
$$;--> statement-breakpoint
-- An update that leaves the description alone (a status, a technician: most of them) writes nothing.
CREATE FUNCTION "order_words_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  olds text[];
  news text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id), array_agg(description) INTO ids, news FROM new_orders;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id), array_agg(description) INTO ids, olds FROM old_orders;
  ELSE
    SELECT array_agg(n.id), array_agg(o.description), array_agg(n.description) INTO ids, olds, news
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE o.description IS DISTINCT FROM n.description;
  END IF;
  IF ids IS NOT NULL THEN PERFORM order_words_change(ids, olds, news); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_words_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_words_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_words_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_words_apply"();--> statement-breakpoint
CREATE TRIGGER "orders_words_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_words_apply"();--> statement-breakpoint
CREATE FUNCTION "order_words_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE order_words, search_word_counts, search_words;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_words_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_words_truncate"();--> statement-breakpoint
-- The triggers exist (and hold writers off until the migration commits) before the existing orders
-- are read: none is missed or read twice.
INSERT INTO "search_words" ("key", "word")
SELECT search_word_key(w), w FROM (SELECT DISTINCT w FROM "orders", description_words("description") w) x;--> statement-breakpoint
INSERT INTO "order_words" ("word_id", "order_id")
SELECT s."id", o."id" FROM "orders" o, description_words(o."description") w JOIN "search_words" s ON s."key" = search_word_key(w);--> statement-breakpoint
INSERT INTO "search_word_counts" ("word_id", "shard", "n")
SELECT "word_id", "order_id" % 8, count(*) FROM "order_words" GROUP BY 1, 2;
