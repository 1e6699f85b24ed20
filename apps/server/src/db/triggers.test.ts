import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { catalogSnapshot } from './catalog.ts';

const app = await createTestApp();
const file = fs.readFileSync(new URL('./triggers.sql', import.meta.url), 'utf8');

/** The functions an index is built on: defined in migrations/0000_baseline.sql, not in triggers.sql. */
const indexFunctions = ['order_scope_trigrams', 'search_trigrams'];

const nameOf = (def: string) => /^CREATE (?:OR REPLACE )?(?:FUNCTION public\.|TRIGGER )(\w+)/.exec(def)?.[1];

/** Each function of the file as pg_get_functiondef gives it, each trigger as pg_get_triggerdef does. */
const inFile = {
  functions: [
    ...file.matchAll(/^CREATE OR REPLACE FUNCTION public\.\w+\([\s\S]*?\$function\$[\s\S]*?\$function\$(?=;$)/gm),
  ]
    .map(([def]) => def)
    .sort(),
  triggers: [...file.matchAll(/^CREATE OR REPLACE (TRIGGER \w+ .*);$/gm)].map(([, def]) => `CREATE ${def}`).sort(),
};

describe('db/triggers.sql', () => {
  it('defines every trigger of the database and every function but those of an index, as the database defines them, and nothing else', async () => {
    const inDatabase = await catalogSnapshot(app.database.pool);
    expect(inFile.triggers).toEqual(inDatabase.triggers);
    expect(inFile.functions).toEqual(inDatabase.functions.filter((def) => !indexFunctions.includes(nameOf(def) ?? '')));
    expect(inDatabase.functions.map(nameOf).filter((name) => indexFunctions.includes(name ?? ''))).toEqual(
      indexFunctions,
    );
  });

  it('names these triggers and functions', () => {
    expect(inFile.triggers.map(nameOf)).toEqual([
      'access_tokens_sign_in_changed',
      'invoice_lines_no_change',
      'invoices_no_change',
      'orders_costs_insert',
      'orders_tally_delete',
      'orders_tally_insert',
      'orders_tally_truncate',
      'orders_tally_update',
      'orders_technician_tally_delete',
      'orders_technician_tally_insert',
      'orders_technician_tally_truncate',
      'orders_technician_tally_update',
      'orders_words_delete',
      'orders_words_insert',
      'orders_words_truncate',
      'orders_words_update',
      'roles_sign_in_changed',
      'user_chains_sign_in_changed',
      'user_regions_sign_in_changed',
      'user_stores_sign_in_changed',
      'users_sign_in_changed',
    ]);
    expect(inFile.functions.map(nameOf)).toEqual([
      'description_words',
      'invoices_immutable',
      'order_costs_create',
      'order_tallies_apply',
      'order_tallies_truncate',
      'order_technician_tallies_apply',
      'order_words_apply',
      'order_words_change',
      'order_words_truncate',
      'scope_search_keys',
      'search_word_key',
      'sign_in_changed',
    ]);
  });
});
