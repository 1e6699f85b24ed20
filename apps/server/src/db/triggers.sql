-- Every trigger of the database and every function of ours (extensions' aside), as PostgreSQL gives them
-- back (pg_get_functiondef, pg_get_triggerdef), but for the two an index is built on (search_trigrams,
-- order_scope_trigrams: in migrations/0000_baseline.sql, changed only by a migration that rebuilds the
-- index). This file is their source (decision 026): the migrate step applies it after the migrations,
-- in the same start-up lock, in one transaction, whenever its text differs from the one last applied. To
-- change a trigger or function, change it here; to remove one, write a migration that drops it, and
-- remove it here. db/triggers.test.ts fails while this file and the database differ, both ways.

-- The order tallies (decision 015, modules/orders/list/tallies.ts): per chain, region, store, technician,
-- status, approval status and recalled, and per technician alone; exact in the writing transaction.

CREATE OR REPLACE FUNCTION public.order_tallies_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_tallies AS t (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled, n)
    SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recall_order_id IS NOT NULL, count(*)
    FROM new_orders
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled)
      DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_tallies AS t (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled, n)
    SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recall_order_id IS NOT NULL, -count(*)
    FROM old_orders
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled)
      DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO order_tallies AS t (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled, n)
    SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled, sum(d)
    FROM (
      SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recall_order_id IS NOT NULL AS recalled, 1 AS d
      FROM new_orders
      UNION ALL
      SELECT chain_id, region_id, store_id, technician_id, status_id, approval_status, recall_order_id IS NOT NULL, -1
      FROM old_orders
    ) delta
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (chain_id, region_id, store_id, technician_id, status_id, approval_status, recalled)
      DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.order_tallies_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM order_tallies;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.order_technician_tallies_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_technician_tallies AS t (technician_id, status_id, approval_status, recalled, n)
    SELECT technician_id, status_id, approval_status, recall_order_id IS NOT NULL, count(*)
    FROM new_orders
    WHERE technician_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (technician_id, status_id, approval_status, recalled) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_technician_tallies AS t (technician_id, status_id, approval_status, recalled, n)
    SELECT technician_id, status_id, approval_status, recall_order_id IS NOT NULL, -count(*)
    FROM old_orders
    WHERE technician_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (technician_id, status_id, approval_status, recalled) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO order_technician_tallies AS t (technician_id, status_id, approval_status, recalled, n)
    SELECT technician_id, status_id, approval_status, recalled, sum(d)
    FROM (
      SELECT technician_id, status_id, approval_status, recall_order_id IS NOT NULL AS recalled, 1 AS d
      FROM new_orders
      UNION ALL
      SELECT technician_id, status_id, approval_status, recall_order_id IS NOT NULL, -1
      FROM old_orders
    ) delta
    WHERE technician_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    HAVING sum(d) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (technician_id, status_id, approval_status, recalled) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    DELETE FROM order_technician_tallies;
  END IF;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER orders_tally_insert AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_apply();
CREATE OR REPLACE TRIGGER orders_tally_update AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_apply();
CREATE OR REPLACE TRIGGER orders_tally_delete AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_apply();
CREATE OR REPLACE TRIGGER orders_tally_truncate AFTER TRUNCATE ON public.orders FOR EACH STATEMENT EXECUTE FUNCTION order_tallies_truncate();
CREATE OR REPLACE TRIGGER orders_technician_tally_insert AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_technician_tallies_apply();
CREATE OR REPLACE TRIGGER orders_technician_tally_update AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_technician_tallies_apply();
CREATE OR REPLACE TRIGGER orders_technician_tally_delete AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_technician_tallies_apply();
CREATE OR REPLACE TRIGGER orders_technician_tally_truncate AFTER TRUNCATE ON public.orders FOR EACH STATEMENT EXECUTE FUNCTION order_technician_tallies_apply();

-- The words of the descriptions and their counts, for the admins' search totals (decision 010).
-- A new word is looked up in the key's index, never by reading the table.

CREATE OR REPLACE FUNCTION public.description_words(description text)
 RETURNS SETOF text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select distinct w from regexp_split_to_table(lower(description), '[ \t\n\r\f\v]+') w where w <> '' $function$;

CREATE OR REPLACE FUNCTION public.search_word_key(word text)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$ select sha256(convert_to(word, 'UTF8')) $function$;

CREATE OR REPLACE FUNCTION public.order_words_change(ids integer[], olds text[], news text[])
 RETURNS void
 LANGUAGE sql
AS $function$
  insert into search_words (key, word)
  select distinct on (k) k, w
  from unnest(ids, news) n(id, description), description_words(n.description) w, search_word_key(w) k
  where (select s.id from search_words s where s.key = k) is null
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
$function$;

CREATE OR REPLACE FUNCTION public.order_words_apply()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.order_words_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  TRUNCATE order_words, search_word_counts, search_words;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE TRIGGER orders_words_insert AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_words_apply();
CREATE OR REPLACE TRIGGER orders_words_update AFTER UPDATE ON public.orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_words_apply();
CREATE OR REPLACE TRIGGER orders_words_delete AFTER DELETE ON public.orders REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_words_apply();
CREATE OR REPLACE TRIGGER orders_words_truncate AFTER TRUNCATE ON public.orders FOR EACH STATEMENT EXECUTE FUNCTION order_words_truncate();

-- The keys a search looks up in one scope's trigrams, for a search's total in a chain, region or
-- technician scope (decision 009, list/total.ts): at most four of the search's trigrams (search_trigrams,
-- migrations/0000_baseline.sql), spread over them. scope_search_keys('c', 4, 'Ventilationen') =
-- {c4:ati,c4:ion,c4:nti,c4:tio}.

CREATE OR REPLACE FUNCTION public.scope_search_keys(kind text, id integer, q text)
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO 'public'
AS $function$ select array(select kind || id || ':' || t[i] from (select search_trigrams(q) t) s,
    generate_series(1, cardinality(t), greatest(1, ceil(cardinality(t) / 4.0)::int)) i) $function$;

-- Sign-ins remembered between calls (decision 011): every change to what a sign-in holds is announced on
-- wop_sign_ins.

CREATE OR REPLACE FUNCTION public.sign_in_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_ARGV[0] = '' THEN
    PERFORM pg_notify('wop_sign_ins', '');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('wop_sign_ins', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (to_jsonb(NEW) ->> TG_ARGV[0]) <> (to_jsonb(OLD) ->> TG_ARGV[0])) THEN
    PERFORM pg_notify('wop_sign_ins', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE TRIGGER access_tokens_sign_in_changed AFTER DELETE OR UPDATE ON public.access_tokens FOR EACH ROW WHEN ((((old.kind)::text = 'session'::text) AND (old.expires_at > now()))) EXECUTE FUNCTION sign_in_changed('user_id');
CREATE OR REPLACE TRIGGER users_sign_in_changed AFTER DELETE OR UPDATE OF name, email, role_id ON public.users FOR EACH ROW EXECUTE FUNCTION sign_in_changed('id');
CREATE OR REPLACE TRIGGER roles_sign_in_changed AFTER DELETE OR UPDATE OF slug ON public.roles FOR EACH ROW EXECUTE FUNCTION sign_in_changed('');
CREATE OR REPLACE TRIGGER user_chains_sign_in_changed AFTER INSERT OR DELETE OR UPDATE ON public.user_chains FOR EACH ROW EXECUTE FUNCTION sign_in_changed('user_id');
CREATE OR REPLACE TRIGGER user_regions_sign_in_changed AFTER INSERT OR DELETE OR UPDATE ON public.user_regions FOR EACH ROW EXECUTE FUNCTION sign_in_changed('user_id');
CREATE OR REPLACE TRIGGER user_stores_sign_in_changed AFTER INSERT OR DELETE OR UPDATE ON public.user_stores FOR EACH ROW EXECUTE FUNCTION sign_in_changed('user_id');

-- Costs: every new order gets its cost row with the NTE of its priority; an issued invoice and its lines
-- never change.

CREATE OR REPLACE FUNCTION public.order_costs_create()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO order_costs (order_id, nte_minor)
  SELECT o.id, CASE o.priority WHEN 10 THEN c.nte_10_minor WHEN 20 THEN c.nte_20_minor ELSE c.nte_30_minor END
  FROM new_orders o JOIN chains c ON c.id = o.chain_id;
  RETURN NULL;
END
$function$;

CREATE OR REPLACE FUNCTION public.invoices_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'invoices are immutable once issued' USING ERRCODE = 'restrict_violation';
END
$function$;

CREATE OR REPLACE TRIGGER orders_costs_insert AFTER INSERT ON public.orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_costs_create();
CREATE OR REPLACE TRIGGER invoices_no_change BEFORE DELETE OR UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION invoices_immutable();
CREATE OR REPLACE TRIGGER invoice_lines_no_change BEFORE DELETE OR UPDATE ON public.invoice_lines FOR EACH ROW EXECUTE FUNCTION invoices_immutable();
