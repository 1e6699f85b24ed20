import {
  Alert,
  Checkbox,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIORITIES } from '@wop/shared/constants';
import {
  LEAD_DAYS_MAX,
  PLAN_DESCRIPTION_MAX,
  PLAN_FREQS,
  PLAN_TITLE_MAX,
  type Plan,
  type PlanInput,
  planBody,
} from '@wop/shared/plans';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chainOptions } from '../../../components/ChainSelect.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { DraftRestored } from '../../../components/DraftRestored.tsx';
import { FormActions } from '../../../components/FormDialog.tsx';
import { FieldGrid } from '../../../components/FormLayout.tsx';
import { planPath } from '../../../entities/plans.ts';
import { workTypeOptionsQueryOptions } from '../../../entities/worktypes.ts';
import { isApiError } from '../../../lib/api.ts';
import { appToday } from '../../../lib/dates.ts';
import { useDraft } from '../../../lib/drafts.ts';
import { fieldLabels, saveOnSubmit, schemaResolver } from '../../../lib/forms.ts';
import { i18n } from '../../../lib/i18n.ts';
import {
  chainAssetsQueryOptions,
  draftPreviewQueryOptions,
  planQueryOptions,
  savedPreviewQueryOptions,
  scopeQueryOptions,
  useSavePlan,
} from '../api/plans.ts';
import { PlanPreviewPanel } from './PlanPreviewPanel.tsx';
import {
  ERROR_ALIASES,
  ERROR_FIELDS,
  newPlanValues,
  type PlanValues,
  planBodyOf,
  planValues,
  type TargetKind,
} from './plan-form.ts';

const FORM_FIELDS = [
  'title',
  'description',
  'worktype_id',
  'priority',
  'targets',
  'chain_id',
  'freq',
  'interval',
  'weekdays',
  'month_day',
  'month',
  'starts_on',
  'ends_on',
  'lead_days',
  'if_previous_open',
  'active',
];
const labels = fieldLabels('plans', FORM_FIELDS, {
  ...Object.fromEntries(Object.entries(ERROR_FIELDS).map(([path, field]) => [path, `plans:fields.${field}`])),
});
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'];
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));

/** Today in APP_TIMEZONE, where the server counts a plan's days (the browser's zone until it is known). */

/**
 * A plan's form (new, or `plan` to edit; `readOnly` for those who only read plans) beside the preview
 * of its next 12 days per target. The preview follows the form as it is typed (after a pause), before
 * anything is saved; a saved plan unchanged shows its own days with the orders generated already.
 */
export function PlanForm({ plan, readOnly = false }: { plan?: Plan; readOnly?: boolean }) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSavePlan();
  const scope = useQuery(scopeQueryOptions());
  const workTypes = useQuery(workTypeOptionsQueryOptions(i18n.language));
  const chains = scope.data?.chains ?? [];
  // The form is kept as it is typed (lib/drafts.ts) and put back after a reload: a new plan, or the changes
  // to a saved one (none is kept while the form is the plan as saved).
  const kept = useDraft<PlanValues>(plan ? `plan-edit.${plan.id}` : 'plan-create', (v) =>
    plan ? JSON.stringify(v) === JSON.stringify(planValues(plan)) : !v.title.trim() && !v.description.trim(),
  );
  const [restored, setRestored] = useState(readOnly ? null : kept.restored);
  // The version the form was opened on; after a 409 the newer one, so that saving again overwrites it. Changes
  // kept from before the plan's last save would overwrite that save too: the form says so, as after a 409.
  const [version, setVersion] = useState(plan?.version);
  const [conflict, setConflict] = useState(() => Boolean(plan && restored && restored.saved_at < plan.updated_at));
  const form = useForm<PlanValues>({
    mode: 'controlled',
    initialValues: { ...(plan ? planValues(plan) : newPlanValues(appToday(), null)), ...restored?.values },
    onValuesChange: (next) => {
      if (!readOnly) kept.save(next);
    },
    validate: schemaResolver(planBody, labels, planBodyOf, ERROR_FIELDS),
  });
  const values = form.values;
  // Changes put back to a saved plan are changes: the preview follows them and the form is dirty.
  const [savedValues] = useState(() => (plan && restored ? planValues(plan) : null));
  useEffect(() => {
    if (savedValues) form.resetDirty(savedValues);
  }, [savedValues, form.resetDirty]);

  // One chain in scope (a chain-admin's): it is the plan's.
  const onlyChain = chains.length === 1 ? String(chains[0].id) : null;
  useEffect(() => {
    if (!form.values.chain_id && onlyChain) form.setFieldValue('chain_id', onlyChain);
  }, [onlyChain, form.values.chain_id, form.setFieldValue]);

  const chainId = values.chain_id ? Number(values.chain_id) : null;
  const storeData = useMemo(() => {
    const data = (scope.data?.stores ?? [])
      .filter((s) => s.chain_id === chainId)
      .map((s) => ({ value: String(s.id), label: s.store_name }));
    // A plan keeps showing its stores even when they are not among those listed.
    for (const target of plan?.target_list ?? []) {
      if (target.asset_id === null && !data.some((d) => d.value === String(target.id))) {
        data.push({ value: String(target.id), label: target.name });
      }
    }
    return data;
  }, [scope.data, chainId, plan]);

  // Assets are searched on the server; the chosen ones keep their names while other searches show.
  const [assetSearch, setAssetSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(assetSearch, 300);
  const assets = useQuery({
    ...chainAssetsQueryOptions(chainId, debouncedSearch),
    enabled: chainId !== null && values.target_kind === 'assets' && !readOnly,
  });
  const [assetNames, setAssetNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      (plan?.target_list ?? [])
        .filter((target) => target.asset_id !== null)
        .map((target) => [String(target.id), `${target.name} (${target.store_name})`]),
    ),
  );
  useEffect(() => {
    if (!assets.data) return;
    setAssetNames((names) => ({
      ...names,
      ...Object.fromEntries(assets.data.map((a) => [String(a.id), `${a.name} (${a.store.store_name})`])),
    }));
  }, [assets.data]);
  const assetData = useMemo(() => {
    const shown = new Set([...(assets.data ?? []).map((a) => String(a.id)), ...values.asset_ids]);
    return [...shown].map((id) => ({ value: id, label: assetNames[id] ?? `#${id}` }));
  }, [assets.data, values.asset_ids, assetNames]);

  // The preview: the form as it stands after a pause in typing, once it is complete enough to check.
  // (Debounced as text: a new object every render would restart the pause forever.)
  const [bodyText] = useDebouncedValue(JSON.stringify(planBodyOf(values)), 400);
  const debouncedBody = useMemo(() => JSON.parse(bodyText) as PlanInput, [bodyText]);
  const parsed = useMemo(() => planBody.safeParse(debouncedBody), [debouncedBody]);
  const draftReady = !readOnly && parsed.success;
  const showSaved = plan !== undefined && (readOnly || !form.isDirty());
  const draft = useQuery(draftPreviewQueryOptions(draftReady && !showSaved ? debouncedBody : null));
  const saved = useQuery({ ...savedPreviewQueryOptions(plan?.id ?? 0), enabled: showSaved });

  const submit = saveOnSubmit(
    form,
    labels,
    async (formValues) => {
      try {
        const answer = await save.mutateAsync({ id: plan?.id, version, body: planBodyOf(formValues) });
        setConflict(false);
        setVersion(answer.payload.version);
        kept.discard();
        setRestored(null);
        if (!plan) navigate(planPath(answer.payload.id), { replace: true });
        return answer;
      } catch (error) {
        if (plan && isApiError(error) && error.status === 409) {
          const latest = await queryClient.fetchQuery({ ...planQueryOptions(plan.id), staleTime: 0 });
          setVersion(latest.version);
          setConflict(true);
        }
        throw error;
      }
    },
    { keepValues: true, aliases: ERROR_ALIASES },
  );

  const discardDraft = () => {
    kept.discard();
    setRestored(null);
    setConflict(false);
    form.setValues(plan ? planValues(plan) : newPlanValues(appToday(), onlyChain));
  };
  const setKind = (kind: string) => form.setFieldValue('target_kind', kind as TargetKind);
  const freqUnit = t(`units.${values.freq}`, { count: Number(values.interval) || 1 });

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <form onSubmit={submit} noValidate aria-label={plan ? plan.title : t('create')}>
          <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              {restored && <DraftRestored savedAt={restored.saved_at} onDiscard={discardDraft} />}
              {conflict && (
                <Alert color="orange" variant="light" title={t('conflictTitle')} role="alert">
                  {t('conflictHint')}
                </Alert>
              )}
              <FieldGrid>
                <TextInput
                  label={t('fields.title')}
                  withAsterisk
                  maxLength={PLAN_TITLE_MAX}
                  {...form.getInputProps('title')}
                />
                <Select
                  label={t('fields.worktype_id')}
                  withAsterisk
                  searchable
                  data={(workTypes.data ?? []).map((w) => ({ value: String(w.id), label: w.title }))}
                  {...form.getInputProps('worktype_id')}
                />
              </FieldGrid>
              <Textarea
                label={t('fields.description')}
                description={t('descriptionHint')}
                autosize
                minRows={2}
                maxRows={6}
                maxLength={PLAN_DESCRIPTION_MAX}
                {...form.getInputProps('description')}
              />
              <FieldGrid>
                <Select
                  label={t('fields.priority')}
                  withAsterisk
                  allowDeselect={false}
                  data={PRIORITIES.map((p) => ({ value: String(p), label: t(`common:priority.${p}`) }))}
                  {...form.getInputProps('priority')}
                />
                {(chains.length > 1 || (plan && chains.length !== 1)) && (
                  <Select
                    label={t('fields.chain_id')}
                    withAsterisk
                    searchable
                    disabled={plan !== undefined}
                    description={plan ? t('chainFixed') : undefined}
                    data={
                      plan && !chains.some((c) => c.id === plan.chain_id)
                        ? [{ value: String(plan.chain_id), label: plan.chain_name }]
                        : chainOptions(chains)
                    }
                    {...form.getInputProps('chain_id')}
                    onChange={(value) => {
                      form.setFieldValue('chain_id', value);
                      form.setFieldValue('store_ids', []);
                      form.setFieldValue('asset_ids', []);
                    }}
                  />
                )}
              </FieldGrid>

              <Title order={2} size="h4">
                {t('sections.targets')}
              </Title>
              <Stack gap={6}>
                <SegmentedControl
                  aria-label={t('fields.target_kind')}
                  value={values.target_kind}
                  onChange={setKind}
                  data={[
                    { value: 'stores', label: t('targetKind.stores') },
                    { value: 'assets', label: t('targetKind.assets') },
                  ]}
                  style={{ alignSelf: 'flex-start' }}
                />
                {values.target_kind === 'stores' ? (
                  <MultiSelect
                    label={t('fields.stores')}
                    description={chainId === null ? t('chooseChainFirst') : undefined}
                    withAsterisk
                    searchable
                    clearable
                    hidePickedOptions
                    nothingFoundMessage={t('nothingFound')}
                    data={storeData}
                    {...form.getInputProps('store_ids')}
                    error={form.errors.targets}
                  />
                ) : (
                  <MultiSelect
                    label={t('fields.assets')}
                    description={chainId === null ? t('chooseChainFirst') : t('assetsHint')}
                    withAsterisk
                    searchable
                    clearable
                    hidePickedOptions
                    filter={({ options }) => options}
                    searchValue={assetSearch}
                    onSearchChange={setAssetSearch}
                    nothingFoundMessage={t('nothingFound')}
                    data={assetData}
                    {...form.getInputProps('asset_ids')}
                    error={form.errors.targets}
                  />
                )}
              </Stack>

              <Title order={2} size="h4">
                {t('sections.rule')}
              </Title>
              <FieldGrid>
                <Select
                  label={t('fields.freq')}
                  withAsterisk
                  allowDeselect={false}
                  data={PLAN_FREQS.map((f) => ({ value: f, label: t(`freq.${f}`) }))}
                  {...form.getInputProps('freq')}
                />
                <NumberInput
                  label={t('fields.interval')}
                  withAsterisk
                  min={1}
                  max={52}
                  allowDecimal={false}
                  allowNegative={false}
                  suffix={` ${freqUnit}`}
                  {...form.getInputProps('interval')}
                />
              </FieldGrid>
              {values.freq === 'weekly' && (
                <Checkbox.Group
                  label={t('fields.weekdays')}
                  description={t('weekdaysHint')}
                  {...form.getInputProps('weekdays')}
                >
                  <Group gap="md" mt={6}>
                    {WEEKDAYS.map((d) => (
                      <Checkbox key={d} value={d} label={t(`weekdaysShort.${d}`)} aria-label={t(`weekdays.${d}`)} />
                    ))}
                  </Group>
                </Checkbox.Group>
              )}
              {values.freq !== 'weekly' && (
                <FieldGrid>
                  <Select
                    label={t('fields.month_day')}
                    allowDeselect={false}
                    data={[
                      { value: '', label: t('sameAsStart') },
                      { value: '-1', label: t('lastDay') },
                      ...DAYS.map((d) => ({ value: d, label: t('dayOfMonth', { day: d }) })),
                    ]}
                    {...form.getInputProps('month_day')}
                  />
                  {values.freq === 'yearly' && (
                    <Select
                      label={t('fields.month')}
                      allowDeselect={false}
                      data={[
                        { value: '', label: t('sameMonthAsStart') },
                        ...MONTHS.map((m) => ({ value: m, label: t(`months.${m}`) })),
                      ]}
                      {...form.getInputProps('month')}
                    />
                  )}
                </FieldGrid>
              )}
              <FieldGrid>
                <DateField label={t('fields.starts_on')} withAsterisk {...form.getInputProps('starts_on')} />
                <DateField
                  label={t('fields.ends_on')}
                  description={t('endsOnHint')}
                  {...form.getInputProps('ends_on')}
                />
                <NumberInput
                  label={t('fields.lead_days')}
                  description={t('leadDaysHint')}
                  min={0}
                  max={LEAD_DAYS_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('lead_days')}
                />
              </FieldGrid>
              <Radio.Group label={t('fields.if_previous_open')} {...form.getInputProps('if_previous_open')}>
                <Stack gap={6} mt={6}>
                  <Radio value="create" label={t('ifPreviousOpen.create')} />
                  <Radio value="skip" label={t('ifPreviousOpen.skip')} />
                </Stack>
              </Radio.Group>
              <Switch
                label={t('fields.active')}
                description={t('activeHint')}
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
              {!readOnly && (
                <FormActions
                  onCancel={() => navigate('/plans')}
                  saving={save.isPending}
                  submitLabel={plan ? undefined : t('create')}
                />
              )}
            </Stack>
          </fieldset>
        </form>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <PlanPreviewPanel
          preview={showSaved ? saved.data : draftReady ? draft.data : undefined}
          loading={showSaved ? saved.isPending : draftReady && (draft.isPending || draft.isFetching)}
          error={showSaved ? saved.error : draftReady ? draft.error : null}
          incomplete={!showSaved && !draftReady}
        />
      </Grid.Col>
    </Grid>
  );
}
