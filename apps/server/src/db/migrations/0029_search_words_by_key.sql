-- A new order's words were looked up in search_words with NOT EXISTS, which the planner turned into a hash
-- anti join reading the whole table for every insert of more than a few orders: 250 ms of the 470 ms
-- that an insert of 160 generated orders took at 200,000 words (plans.bench.ts). A lookup per word in
-- the key's index instead; the rest of the function as before.
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
