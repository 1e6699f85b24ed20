import { Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/**
 * The name, contact person, phone and e-mail of a chain, region or store, in that order, for a
 * `FieldGrid`. Labels come from the namespace's fields.<name>, fields.contact_person, fields.phone
 * and fields.email; `phoneHint` adds its form.phoneHint under the phone.
 */
export function ContactFields({
  namespace,
  name,
  inputProps,
  phoneHint = false,
  numericPhone = false,
  emailRequired = false,
}: {
  namespace: 'chains' | 'regions' | 'stores';
  /** The name field, e.g. `chain_name`. */
  name: string;
  /** The form's `getInputProps`. */
  inputProps: (path: string) => GetInputPropsReturnType;
  phoneHint?: boolean;
  /** A phone of digits only: a phone's keyboard shows digits. */
  numericPhone?: boolean;
  emailRequired?: boolean;
}) {
  const { t } = useTranslation(namespace);
  return (
    <>
      <TextInput label={t(`fields.${name}`)} withAsterisk data-autofocus {...inputProps(name)} />
      <TextInput label={t('fields.contact_person')} withAsterisk {...inputProps('contact_person')} />
      <TextInput
        label={t('fields.phone')}
        description={phoneHint ? t('form.phoneHint') : undefined}
        type="tel"
        inputMode={numericPhone ? 'numeric' : undefined}
        withAsterisk
        {...inputProps('phone')}
      />
      <TextInput label={t('fields.email')} type="email" withAsterisk={emailRequired} {...inputProps('email')} />
    </>
  );
}

/** The invoice address of a chain or store (required), under its `FieldGrid`. */
export function InvoiceAddressField({
  namespace,
  inputProps,
}: {
  namespace: 'chains' | 'stores';
  inputProps: (path: string) => GetInputPropsReturnType;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Textarea
      label={t('fields.invoice_address')}
      withAsterisk
      autosize
      minRows={2}
      {...inputProps('invoice_address')}
    />
  );
}
