import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Chain } from '@wop/shared/chains';
import { CHAIN_BILLING_FIELDS, type ChainCostsInput, chainCostsBody, NTE_PRIORITIES } from '@wop/shared/costs';
import { COUNTRIES, CURRENCIES } from '@wop/shared/money';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { CHAINS_KEY, chainQueryOptions } from '../../../entities/chains.ts';
import { api } from '../../../lib/api.ts';
import { useCan } from '../../../lib/current-user.ts';
import { type FieldLabels, fieldLabels, saveOnSubmit, schemaResolver } from '../../../lib/forms.ts';
import { fromMinor, toMinor } from '../../../lib/money.ts';

const MONEY = ['hourly_rate_minor', 'callout_fee_minor', 'nte_10', 'nte_20', 'nte_30'] as const;
const labels: FieldLabels = fieldLabels(
  'chains',
  ['country', 'currency', 'vat_percent', 'visit_radius_m', 'org_number', 'vat_id', 'peppol_id', ...MONEY],
  {
    vat_bp: 'chains:fields.vat_percent',
    ...Object.fromEntries(NTE_PRIORITIES.map((p) => [`nte_minor_by_priority.${p}`, `chains:fields.nte_${p}`])),
  },
);

type Values = Record<(typeof MONEY)[number], string> & {
  country: string | null;
  currency: string | null;
  vat_percent: string;
  visit_radius_m: number | string;
  org_number: string;
  vat_id: string;
  peppol_id: string;
};

const toValues = (chain: Chain): Values => ({
  country: chain.country,
  currency: chain.currency,
  vat_percent: fromMinor(chain.vat_bp),
  visit_radius_m: chain.visit_radius_m,
  org_number: chain.org_number ?? '',
  vat_id: chain.vat_id ?? '',
  peppol_id: chain.peppol_id ?? '',
  hourly_rate_minor: fromMinor(chain.hourly_rate_minor),
  callout_fee_minor: fromMinor(chain.callout_fee_minor),
  nte_10: fromMinor(chain.nte_minor_by_priority['10']),
  nte_20: fromMinor(chain.nte_minor_by_priority['20']),
  nte_30: fromMinor(chain.nte_minor_by_priority['30']),
});

/** The body: amounts typed in major units become minor units, the VAT percentage basis points (25,5 -> 2550). */
const toBody = (v: Values): ChainCostsInput => ({
  country: (v.country ?? undefined) as ChainCostsInput['country'],
  currency: (v.currency ?? undefined) as ChainCostsInput['currency'],
  vat_bp: toMinor(v.vat_percent) ?? undefined,
  visit_radius_m: v.visit_radius_m === '' ? undefined : Number(v.visit_radius_m),
  org_number: v.org_number,
  vat_id: v.vat_id,
  peppol_id: v.peppol_id,
  hourly_rate_minor: toMinor(v.hourly_rate_minor) ?? undefined,
  callout_fee_minor: toMinor(v.callout_fee_minor) ?? undefined,
  nte_minor_by_priority: {
    '10': toMinor(v.nte_10) ?? undefined,
    '20': toMinor(v.nte_20) ?? undefined,
    '30': toMinor(v.nte_30) ?? undefined,
  },
});
const FIELD_OF: Record<string, string> = {
  vat_bp: 'vat_percent',
  ...Object.fromEntries(NTE_PRIORITIES.map((p) => [`nte_minor_by_priority.${p}`, `nte_${p}`])),
};

/**
 * /chains/{id}/costs: the chain's money settings. Admins set all of them; the chain's chain-admin its
 * rates and its not-to-exceed limits (the rest is shown, read-only).
 */
export function ChainCostsPage() {
  const { t } = useTranslation('chains');
  const chainId = Number(useParams().chainId);
  const chain = useQuery(chainQueryOptions(chainId));
  const admin = useCan('chain:manage');
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: Partial<ChainCostsInput>) => api.put<Chain>(`/chains/${chainId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHAINS_KEY }),
  });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: chain.data ? toValues(chain.data) : ({} as Values),
    validate: schemaResolver(chainCostsBody, labels, toBody, FIELD_OF),
  });
  if (!chain.data) return null;
  const send = (values: Values) => {
    const body: Partial<ChainCostsInput> = toBody(values);
    // A chain-admin sends only what it may change.
    if (!admin) for (const field of CHAIN_BILLING_FIELDS) delete body[field];
    return save.mutateAsync(body);
  };
  const submit = saveOnSubmit(form, labels, send, {
    keepValues: true,
    aliases: Object.fromEntries(Object.entries(FIELD_OF).map(([body, field]) => [body, [field]])),
  });
  const money = (field: (typeof MONEY)[number]) => (
    <TextInput key={field} label={t(`fields.${field}`)} inputMode="decimal" {...form.getInputProps(field)} />
  );
  return (
    <SectionCard id="chain-costs-title" title={t('costs.title')} intro={t('costs.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('fields.country')}
              data={COUNTRIES.map((c) => ({ value: c, label: t(`costs.countries.${c}`) }))}
              disabled={!admin}
              allowDeselect={false}
              {...form.getInputProps('country')}
            />
            <Select
              label={t('fields.currency')}
              data={[...CURRENCIES]}
              disabled={!admin}
              allowDeselect={false}
              {...form.getInputProps('currency')}
            />
            <TextInput
              label={t('fields.vat_percent')}
              inputMode="decimal"
              disabled={!admin}
              {...form.getInputProps('vat_percent')}
            />
            <NumberInput
              label={t('fields.visit_radius_m')}
              min={1}
              allowDecimal={false}
              disabled={!admin}
              {...form.getInputProps('visit_radius_m')}
            />
            <TextInput label={t('fields.org_number')} disabled={!admin} {...form.getInputProps('org_number')} />
            <TextInput
              label={t('fields.vat_id')}
              description={t('costs.vatIdHint')}
              disabled={!admin}
              {...form.getInputProps('vat_id')}
            />
            <TextInput
              label={t('fields.peppol_id')}
              description={t('costs.peppolHint')}
              disabled={!admin}
              {...form.getInputProps('peppol_id')}
            />
            {money('hourly_rate_minor')}
            {money('callout_fee_minor')}
            {money('nte_10')}
            {money('nte_20')}
            {money('nte_30')}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('costs.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
