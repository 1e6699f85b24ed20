import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhoneCall } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { APPROVAL_STATUSES } from '@wop/shared/constants';
import { createOrderFields, missingOrderFields, orderFormFields } from '@wop/shared/orders';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DraftRestored } from '../../../components/DraftRestored.tsx';
import { workTypeOptionsQueryOptions } from '../../../entities/worktypes.ts';
import { useCurrentUser, useRole } from '../../../lib/current-user.ts';
import { useDraft } from '../../../lib/drafts.ts';
import { notifyError } from '../../../lib/errors.ts';
import { fieldLabels, fieldMessage, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { i18n } from '../../../lib/i18n.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import {
  orderOptionsQueryOptions,
  prioritiesQueryOptions,
  projectNumberQueryOptions,
  useCreateOrder,
} from '../api/orders.ts';
import { AssetSelect } from '../components/AssetSelect.tsx';
import { FilePicker } from '../components/FilePicker.tsx';
import { ScanTag } from '../components/ScanTag.tsx';

const labels = fieldLabels('orders', ['description', 'priority', 'approval_status', 'documents'], {
  chain_id: 'orders:fields.chain',
  region_id: 'orders:fields.region',
  store_id: 'orders:fields.store',
  worktype_id: 'orders:fields.worktype',
  asset_id: 'orders:fields.asset',
});
const resolve = schemaResolver(createOrderFields, labels);

/** Select values are null when nothing is chosen, so a cleared Select also clears its text. */
interface Values {
  chain_id: string | null;
  region_id: string | null;
  store_id: string | null;
  asset_id: string | null;
  approval_status: string | null;
  worktype_id: string | null;
  priority: string | null;
  description: string;
}

/**
 * Create an order at /orders/create or {current url}/create (spec 2, 6): the fields follow the
 * role. Under a chain's dashboard (/chains/{id}/orders/create) the chain is fixed. After saving,
 * the order opens in its confirmation mode. What is typed is kept as a draft (lib/drafts.ts) until
 * the order is sent or the user cancels; attachments are not part of the draft (a browser cannot
 * keep files).
 */
export function OrderCreatePage() {
  const { t } = useTranslation('orders');
  const chainId = Number(useParams().chainId) || undefined;
  usePageHeader(t('createTitle'), null);
  const role = useRole() ?? 'store-manager';
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const layout = orderFormFields(role);
  const create = useCreateOrder();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const empty: Values = {
    chain_id: chainId ? String(chainId) : null,
    region_id: null,
    store_id: null,
    asset_id: null,
    approval_status: null,
    worktype_id: null,
    priority: null,
    description: '',
  };
  const draft = useDraft<Values>(`order-create${chainId ? `.${chainId}` : ''}`, (v) =>
    Object.entries(v).every(
      ([key, value]) => value === null || value === '' || (key === 'chain_id' && value === empty.chain_id),
    ),
  );
  const [restored, setRestored] = useState(draft.restored);
  // A scanned label or an asset's page opens the form for that asset and its store.
  const [params] = useSearchParams();
  const fromAsset = params.get('asset_id')
    ? {
        chain_id: chainId ? String(chainId) : params.get('chain_id'),
        region_id: null,
        store_id: params.get('store_id'),
        asset_id: params.get('asset_id'),
      }
    : {};

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { ...empty, ...restored?.values, ...fromAsset },
    onValuesChange: (next) => draft.save(next),
    validate: (values) => {
      const missing = Object.entries(missingOrderFields(role, values));
      return {
        ...Object.fromEntries(missing.map(([field, key]) => [field, fieldMessage(field, key, labels)])),
        ...resolve(values),
      };
    },
  });
  const values = form.getValues();
  const options = useQuery(
    orderOptionsQueryOptions({ chain_id: values.chain_id || undefined, region_id: values.region_id || undefined }),
  );
  const allChains = useQuery(orderOptionsQueryOptions({}));
  const workTypes = useQuery(workTypeOptionsQueryOptions(i18n.language));
  const priorities = useQuery(prioritiesQueryOptions(i18n.language));
  const projectNumber = useQuery({ ...projectNumberQueryOptions(), enabled: layout.project_number });

  const chains = allChains.data?.chains ?? [];
  const chain = chains.find((c) => String(c.id) === values.chain_id);
  // Entry by role (spec 4): a single chain or store is preselected.
  useEffect(() => {
    if (!values.chain_id && chains.length === 1) form.setFieldValue('chain_id', String(chains[0].id));
  }, [chains, values.chain_id, form.setFieldValue]);
  const stores = options.data?.stores ?? [];
  useEffect(() => {
    if (!values.store_id && stores.length === 1) form.setFieldValue('store_id', String(stores[0].id));
  }, [stores, values.store_id, form.setFieldValue]);

  const showChain = !chainId && (layout.chain === 'required' || (role === 'chain-admin' && chains.length > 1));
  const showRegion = layout.region === 'if-regions' && !!chain?.has_region && (options.data?.regions.length ?? 0) > 0;

  const submit = form.onSubmit(async (v) => {
    setFileError(null);
    setProgress(files.length > 0 ? 0 : null);
    try {
      const answer = await create.mutateAsync({
        description: v.description,
        worktype_id: v.worktype_id ?? '',
        priority: v.priority ?? '',
        chain_id: (layout.chain === 'required' || chainId) && v.chain_id ? v.chain_id : undefined,
        region_id: showRegion && v.region_id ? v.region_id : undefined,
        store_id: v.store_id ?? undefined,
        asset_id: v.asset_id ?? undefined,
        approval_status: layout.approval_status === 'required' && v.approval_status ? v.approval_status : undefined,
        documents: files,
        onProgress: files.length > 0 ? setProgress : undefined,
      });
      draft.discard();
      // The order page's confirmation says it was placed (one confirmation, not a toast besides).
      form.reset();
      setFiles([]);
      const base = pathname.replace(/\/create\/?$/, '');
      navigate(`${base}/${answer.payload.id}`, { state: { created: true, phoneIn: answer.payload.phone_in ?? null } });
    } catch (error) {
      setProgress(null);
      setServerErrors(form, error, labels);
      const report = notifyError(error);
      // Attachment errors have no input of their own: show them under the drop zone.
      const documents = report.fieldErrors.documents;
      setFileError(documents ? fieldMessage('documents', documents, labels) : null);
    }
  });

  const asap = values.priority === '10';
  const discard = () => {
    draft.discard();
    setRestored(null);
    form.setValues(empty);
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} maw={820}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {restored && <DraftRestored savedAt={restored.saved_at} onDiscard={discard} />}
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('scan.hint')}
            </Text>
            <ScanTag
              onFound={(asset) =>
                form.setValues({
                  chain_id: chainId ? String(chainId) : String(asset.chain_id),
                  region_id: null,
                  store_id: String(asset.store_id),
                  asset_id: String(asset.id),
                  worktype_id: values.worktype_id ?? String(asset.worktype_id),
                })
              }
            />
          </Group>
          {/* The number is the server's to give (spec 5: read-only): shown as text, not a field to type in. */}
          {layout.project_number && (
            <Stack gap={2} data-testid="project-number">
              <Text size="sm" fw={500}>
                {t('fields.project_number')}:{' '}
                <Text span fw={700}>
                  {projectNumber.data ?? '…'}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {t('form.projectNumberHint')}
              </Text>
            </Stack>
          )}
          {showChain && (
            <Select
              label={t('fields.chain')}
              withAsterisk={layout.chain === 'required'}
              searchable
              data={chains.map((c) => ({ value: String(c.id), label: c.chain_name }))}
              {...form.getInputProps('chain_id')}
              onChange={(value) => form.setValues({ chain_id: value, region_id: null, store_id: null, asset_id: null })}
            />
          )}
          {showRegion && (
            <Select
              label={t('fields.region')}
              clearable
              searchable
              data={(options.data?.regions ?? []).map((r) => ({ value: String(r.id), label: r.region_name }))}
              {...form.getInputProps('region_id')}
              onChange={(value) => form.setValues({ region_id: value, store_id: null, asset_id: null })}
            />
          )}
          <Select
            label={t('fields.store')}
            withAsterisk
            searchable
            disabled={layout.chain === 'required' && !values.chain_id}
            data={
              role === 'store-manager' && stores.length === 0
                ? user.entities_data.map((s) => ({ value: String(s.id), label: s.store_name ?? String(s.id) }))
                : stores.map((s) => ({ value: String(s.id), label: s.store_name }))
            }
            {...form.getInputProps('store_id')}
            onChange={(value) => form.setValues({ store_id: value, asset_id: null })}
          />
          <AssetSelect storeId={values.store_id} {...form.getInputProps('asset_id')} />
          {layout.approval_status === 'required' && (
            <Select
              label={t('fields.approval_status')}
              withAsterisk
              data={APPROVAL_STATUSES.map((a) => ({ value: a, label: t(`common:approval.${a}`) }))}
              {...form.getInputProps('approval_status')}
            />
          )}
          <Select
            label={t('fields.worktype')}
            withAsterisk
            searchable
            data={(workTypes.data ?? []).map((w) => ({ value: String(w.id), label: w.title }))}
            {...form.getInputProps('worktype_id')}
          />
          <Select
            label={t('fields.priority')}
            withAsterisk
            data={Object.entries(priorities.data ?? {}).map(([value, text]) => ({ value, label: text }))}
            {...form.getInputProps('priority')}
          />
          {asap && (
            <Alert color="red" variant="light" icon={<IconPhoneCall size={18} aria-hidden />}>
              {t('form.asapReminder')}{' '}
              <Anchor component={Link} to="/jour-nummer">
                {t('form.asapLink')}
              </Anchor>
            </Alert>
          )}
          <Textarea
            label={t('fields.description')}
            withAsterisk
            autosize
            minRows={3}
            maxRows={6}
            {...form.getInputProps('description')}
          />
          <FilePicker files={files} onChange={setFiles} error={fileError} progress={progress} />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                draft.discard();
                navigate(-1);
              }}
            >
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
