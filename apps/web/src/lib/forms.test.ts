import { storeBody } from '@wop/shared/stores';
import { fieldErrors } from '@wop/shared/validation';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldLabels, fieldMessage, schemaResolver, textValues } from './forms.ts';
import { i18n } from './i18n.ts';

const labels = fieldLabels('stores', ['store_name', 'phone', 'email', 'invoice_address', 'contact_person'], {
  chain_id: 'stores:fields.chain',
});
const empty = { store_name: '', phone: '', email: '', invoice_address: '', contact_person: '', chain_id: null };

describe('form messages', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it("names the field in every language, never with the validator's own text", async () => {
    const validate = schemaResolver(storeBody, labels);
    expect(validate(empty)).toEqual({
      store_name: 'Store name is required.',
      phone: 'Phone is required.',
      invoice_address: 'Invoice address is required.',
      contact_person: 'Contact person is required.',
      chain_id: 'Chain is required.',
    });
    expect(validate({ ...empty, phone: '08-12', email: 'nope' })).toMatchObject({
      phone: 'Phone must be a number.',
      email: 'Email must be a valid email address.',
    });
    await i18n.changeLanguage('sv');
    expect(validate({ ...empty, phone: '1234' }).phone).toBe(
      `${i18n.t('stores:fields.phone')} måste ha minst 9 siffror.`,
    );
    await i18n.changeLanguage('fi');
    expect(validate(empty).store_name).toBe(`${i18n.t('stores:fields.store_name')}: pakollinen tieto.`);
  });

  it("words a server 422 exactly as the browser's own check", async () => {
    for (const lng of ['en', 'sv', 'fi'] as const) {
      await i18n.changeLanguage(lng);
      const parsed = storeBody.safeParse({ ...empty, phone: '1234', chain_id: 1 });
      const server = fieldErrors(parsed.error?.issues ?? [], lng);
      const browser = schemaResolver(storeBody, labels)({ ...empty, phone: '1234', chain_id: '1' });
      for (const [field, [message]] of Object.entries(server)) {
        expect(fieldMessage(field, `${message}.`, labels)).toBe(browser[field]);
      }
    }
  });

  it('keeps a server sentence that is not a rule as it is', () => {
    expect(fieldMessage('region_id', 'The region belongs to another chain.', labels)).toBe(
      'The region belongs to another chain.',
    );
  });
});

describe('textValues', () => {
  it("fills a form's text fields from the record, '' for a missing value or a new record", () => {
    const record = { name: 'Kyl 3', notes: null, id: 7 };
    expect(textValues(record, ['name', 'notes'])).toEqual({ name: 'Kyl 3', notes: '' });
    expect(textValues(undefined as typeof record | undefined, ['name', 'notes'])).toEqual({ name: '', notes: '' });
  });
});
