-- The total of a search in a chain, region or technician scope reads that scope's trigrams only. The
-- index of migration 0009 puts chain_id beside the trigrams, but GIN keeps the two as separate keys:
-- a chain-admin's count still intersected the trigrams' posting lists of the whole table (125,000
-- entries each for a word in 1 of 8 orders of a million), and a technician's or a regional
-- director's count did not use its scope at all. Here each trigram of a description is keyed by the
-- order's chain, region and technician ('c4:ven', 'r6:ven', 't15:ven'), so such a count reads the
-- posting lists of its own orders.
--
-- The trigrams are those show_trgm gives that are three ASCII letters or digits. Each such trigram of
-- a search text is in every description that contains the text: the same lowercasing, and three word
-- characters in a row lie inside one word. Left out are the padded trigrams at a word's ends (the text
-- may end inside a word) and those with other characters, which pg_trgm keeps as hashes in which
-- padding cannot be told apart. The search still checks every candidate with ilike.
--
-- search_path is fixed when the functions are created, so the index expression resolves show_trgm
-- alike in every session, a restore included.
CREATE FUNCTION search_trigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path FROM CURRENT
  AS $$ select array(select g from unnest(show_trgm(t)) g where g ~ '^[a-z0-9]{3}$') $$;--> statement-breakpoint
CREATE FUNCTION order_scope_trigrams(chain integer, region integer, technician integer, description text)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path FROM CURRENT
  AS $$ select array(select k from unnest(search_trigrams(description)) g,
    lateral (values ('c' || chain || ':' || g), ('r' || region || ':' || g), ('t' || technician || ':' || g)) v(k)
    where k is not null) $$;--> statement-breakpoint
-- The keys a search for `q` in one scope looks up: at most four of its trigrams, spread over them.
-- Each key costs a pass over its posting list; the candidates the fewer keys let through are sorted
-- out by the ilike that follows. scope_search_keys('c', 4, 'Ventilationen') = {c4:ati,c4:ion,c4:nti,c4:tio}.
CREATE FUNCTION scope_search_keys(kind text, id integer, q text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET search_path FROM CURRENT
  AS $$ select array(select kind || id || ':' || t[i] from (select search_trigrams(q) t) s,
    generate_series(1, cardinality(t), greatest(1, ceil(cardinality(t) / 4.0)::int)) i) $$;--> statement-breakpoint
CREATE INDEX "orders_scope_trgm" ON "orders" USING gin (order_scope_trigrams("chain_id", "region_id", "technician_id", "description"));
