import { MultiSelect, PasswordInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@wop/shared/api';
import { type EntityType, isRoleSlug, mayManageRole, ROLE_ENTITY } from '@wop/shared/roles';
import { APPROVER_ROLES, createUserBody, updateUserBody } from '@wop/shared/users';
import { v } from '@wop/shared/validation';
import { useTranslation } from 'react-i18next';
import { chainOptions } from '../../../components/ChainSelect.tsx';
import { FormActions, RecordFormDialog } from '../../../components/FormDialog.tsx';
import { FieldGrid, FormLayout } from '../../../components/FormLayout.tsx';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { regionOptionsQueryOptions } from '../../../entities/regions.ts';
import { roleOptionsQueryOptions } from '../../../entities/roles.ts';
import { storeOptionsQueryOptions } from '../../../entities/stores.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, fieldMessage, schemaResolver, setServerErrors, textValues } from '../../../lib/forms.ts';
import { fromMinor, toMinor } from '../../../lib/money.ts';
import { type UserPayload, userQueryOptions, useSaveUser } from '../api/users.ts';

interface Values {
  name: string;
  email: string;
  phone_no: string;
  password: string;
  role: string | null;
  /** Several for a chain-admin; the one chain the regions or stores come from otherwise. */
  chain_id: string[];
  region_id: string[];
  store_id: string[];
  /** Chain-admins and regional directors: the highest quote they approve, typed in major units. */
  approval_limit: string;
}

const entityOf = (role: string | null): EntityType | null => (isRoleSlug(role) ? ROLE_ENTITY[role] : null);
/** The form field that holds a role's entity (spec 3: chain_id, region_id, store_id map to entity_id). */
const ENTITY_FIELD: Record<EntityType, 'chain_id' | 'region_id' | 'store_id'> = {
  chain: 'chain_id',
  region: 'region_id',
  store: 'store_id',
};

/** Labels by field; a chain-admin picks chains, the other roles one chain. */
const labelsFor = (entity: EntityType | null) =>
  fieldLabels('users', ['name', 'email', 'phone_no', 'password', 'role'], {
    chain_id: entity === 'chain' ? 'users:fields.chains' : 'users:fields.chain',
    region_id: entity === 'region' ? 'users:fields.regions' : 'users:fields.region',
    store_id: 'users:fields.stores',
    approval_limit_minor: 'users:fields.approval_limit',
    approval_limit: 'users:fields.approval_limit',
  });
const isApprover = (role: string | null) => (APPROVER_ROLES as readonly (string | null)[]).includes(role);

/** What the server receives: the password only when filled (spec 5), the entity the role needs. */
function toBody(values: Values): UserPayload {
  const type = entityOf(values.role);
  const body: UserPayload = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone_no: values.phone_no.trim(),
    role: values.role ?? '',
  };
  if (values.password) body.password = values.password;
  // Empty: the role's default (no limit for a chain-admin, none to approve for a director).
  if (isApprover(values.role)) body.approval_limit_minor = toMinor(values.approval_limit);
  if (type) {
    body.entity_type = type;
    body.entity_id = values[ENTITY_FIELD[type]].map(Number);
  }
  return body;
}

/** The selections a role needs (spec 5): the chain for a chain-admin or regional director, and its entity. */
function missingEntities(values: Values): string[] {
  const entity = entityOf(values.role);
  const missing: string[] = [];
  if ((entity === 'chain' || entity === 'region') && values.chain_id.length === 0) missing.push('chain_id');
  if (entity === 'region' && values.region_id.length === 0) missing.push('region_id');
  if (entity === 'store' && values.store_id.length === 0) missing.push('store_id');
  return missing;
}

function toValues(user: User | undefined, lockedChainId: number | null, soleChainId: number | null): Values {
  const chain = lockedChainId ?? soleChainId;
  const base: Values = {
    ...textValues(user, ['name', 'email', 'phone_no']),
    password: '',
    role: user?.role ?? null,
    chain_id: chain ? [String(chain)] : [],
    region_id: [],
    store_id: [],
    approval_limit: fromMinor(user?.approval_limit_minor ?? null),
  };
  if (!user) return base;
  const ids = user.entities_ids.map(String);
  if (user.entity_type === 'chain') return { ...base, chain_id: ids };
  if (user.entity_type === 'region') {
    const regionChain = user.entities_data[0]?.chain_id;
    return { ...base, chain_id: regionChain ? [String(regionChain)] : base.chain_id, region_id: ids };
  }
  if (user.entity_type === 'store') {
    const regionIds = new Set(user.entities_data.map((s) => s.region_id ?? null));
    const detail = user.entity_detail;
    return {
      ...base,
      chain_id: detail ? [String(detail.chain_id)] : base.chain_id,
      region_id: regionIds.size === 1 && detail?.region_id ? [String(detail.region_id)] : [],
      store_id: ids,
    };
  }
  return base;
}

/** Create or update a user; the entity fields follow the role. */
export function UserFormDialog({
  opened,
  userId,
  lockedChainId,
  onClose,
}: {
  opened: boolean;
  userId?: number | null;
  lockedChainId?: number | null;
  onClose: () => void;
}) {
  const chains = useQuery({ ...chainOptionsQueryOptions(), enabled: opened });
  return (
    <RecordFormDialog
      namespace="users"
      opened={opened}
      id={userId}
      onClose={onClose}
      detail={userQueryOptions}
      loading={chains.isPending}
    >
      {(user) => (
        <UserForm
          key={`${userId ?? 'new'}`}
          userId={userId}
          user={user}
          lockedChainId={lockedChainId ?? null}
          onDone={onClose}
        />
      )}
    </RecordFormDialog>
  );
}

function UserForm({
  userId,
  user,
  lockedChainId,
  onDone,
}: {
  userId?: number | null;
  user?: User;
  lockedChainId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const save = useSaveUser();
  const roles = useQuery(roleOptionsQueryOptions());
  const chains = useQuery(chainOptionsQueryOptions());
  const chainList = chains.data?.data ?? [];
  // A chain-admin with a single chain has it preselected (spec 4).
  const soleChainId = me.role === 'chain-admin' && chainList.length === 1 ? chainList[0].id : null;

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(user, lockedChainId, soleChainId),
    validate: (values) => {
      const type = entityOf(values.role);
      const labels = labelsFor(type);
      const errors = schemaResolver(userId ? updateUserBody : createUserBody, labels, toBody, {
        entity_id: type ? ENTITY_FIELD[type] : 'role',
        approval_limit_minor: 'approval_limit',
      })(values);
      for (const field of missingEntities(values)) errors[field] ??= fieldMessage(field, v('required'), labels);
      return errors;
    },
  });

  const entity = entityOf(form.values.role);
  const chainId = entity && entity !== 'chain' && form.values.chain_id[0] ? Number(form.values.chain_id[0]) : null;
  const chain = chainList.find((c) => c.id === chainId);
  const hasRegions = chain?.has_region === 1;
  const regionId = entity === 'store' && form.values.region_id[0] ? Number(form.values.region_id[0]) : null;
  const regions = useQuery({
    ...regionOptionsQueryOptions(chainId ?? 0, 500),
    enabled: chainId !== null && (entity === 'region' || (entity === 'store' && hasRegions)),
  });
  const stores = useQuery({
    ...storeOptionsQueryOptions(chainId ?? 0, regionId),
    enabled: chainId !== null && entity === 'store',
  });

  const roleOptions = (roles.data?.data ?? [])
    .filter((role) => mayManageRole(me.role, role.slug) || role.slug === user?.role)
    .map((role) => ({ value: role.slug, label: t(`roleNames.${role.slug}`, { defaultValue: role.title }) }));
  const choosableChains = chainOptions(chainList);
  const regionOptions = (regions.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.region_name }));
  const storeOptions = (stores.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.store_name }));
  const chainLocked = lockedChainId !== null;

  // Changing the role clears the entity selections; changing the chain clears region and store;
  // changing the region clears the store (spec 4).
  const keepChain = () => (lockedChainId ? [String(lockedChainId)] : soleChainId ? [String(soleChainId)] : []);
  const setRole = (role: string | null) => {
    form.setValues({ role, chain_id: keepChain(), region_id: [], store_id: [] });
  };
  const setChain = (ids: string[]) => form.setValues({ chain_id: ids, region_id: [], store_id: [] });
  const setRegion = (ids: string[]) => form.setValues({ region_id: ids, store_id: [] });
  const single = (field: 'chain_id' | 'region_id', onChange: (ids: string[]) => void) => ({
    value: form.values[field][0] ?? null,
    error: form.errors[field],
    onChange: (value: string | null) => onChange(value ? [value] : []),
  });

  const submit = form.onSubmit(async (values) => {
    const type = entityOf(values.role);
    try {
      notifySuccess(await save.mutateAsync({ id: userId, body: toBody(values) }));
      form.reset();
      onDone();
    } catch (error) {
      const field = type ? ENTITY_FIELD[type] : 'role';
      setServerErrors(form, error, labelsFor(type), {
        entity_id: [field],
        entity_type: [field],
        approval_limit_minor: ['approval_limit'],
      });
    }
  });

  return (
    <FormLayout onSubmit={submit}>
      <FieldGrid>
        <TextInput
          label={t('fields.name')}
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('fields.email')}
          type="email"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <TextInput label={t('fields.phone_no')} type="tel" withAsterisk {...form.getInputProps('phone_no')} />
        <PasswordInput
          label={t('fields.password')}
          description={userId ? t('form.passwordHint') : undefined}
          withAsterisk={!userId}
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <Select
          label={t('fields.role')}
          withAsterisk
          allowDeselect={false}
          data={roleOptions}
          {...form.getInputProps('role')}
          onChange={setRole}
        />
        {isApprover(form.values.role) && (
          <TextInput
            label={t('fields.approval_limit')}
            description={t(
              form.values.role === 'chain-admin' ? 'form.approvalLimitChainAdmin' : 'form.approvalLimitDirector',
            )}
            inputMode="decimal"
            {...form.getInputProps('approval_limit')}
          />
        )}
        {entity === 'chain' &&
          (chainLocked ? (
            <TextInput
              label={t('fields.chain')}
              value={chain?.chain_name ?? chainList.find((c) => c.id === lockedChainId)?.chain_name ?? ''}
              readOnly
              variant="filled"
            />
          ) : (
            <MultiSelect
              label={t('fields.chains')}
              withAsterisk
              searchable
              data={choosableChains}
              value={form.values.chain_id}
              error={form.errors.chain_id}
              onChange={setChain}
            />
          ))}
        {(entity === 'region' || entity === 'store') && (
          <Select
            label={t('fields.chain')}
            withAsterisk={entity === 'region'}
            searchable
            disabled={chainLocked}
            data={choosableChains}
            {...single('chain_id', setChain)}
          />
        )}
        {entity === 'region' && (
          <MultiSelect
            label={t('fields.regions')}
            withAsterisk
            searchable
            disabled={chainId === null}
            data={regionOptions}
            value={form.values.region_id}
            error={form.errors.region_id}
            onChange={setRegion}
          />
        )}
        {entity === 'store' && hasRegions && (
          <Select
            label={t('fields.region')}
            searchable
            clearable
            data={regionOptions}
            {...single('region_id', setRegion)}
          />
        )}
        {entity === 'store' && (
          <MultiSelect
            label={t('fields.stores')}
            withAsterisk
            searchable
            disabled={chainId === null}
            data={storeOptions}
            value={form.values.store_id}
            error={form.errors.store_id}
            onChange={(ids) => form.setFieldValue('store_id', ids)}
          />
        )}
      </FieldGrid>
      <FormActions onCancel={onDone} saving={save.isPending} />
    </FormLayout>
  );
}
