import { Button, Group, Popover, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type SortSpec, useListParams } from '../../../components/DataTable/list-params.ts';
import { useCurrentUser, useRole } from '../../../lib/current-user.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { ORDER_FILTERS } from './OrderFilters.tsx';
import {
  addView,
  builtInViews,
  currentParams,
  isActive,
  MAX_VIEWS,
  readViews,
  type SavedView,
  sameParams,
  type ViewParams,
  viewChanges,
  viewName,
  writeViews,
} from './order-views.ts';

function ViewButton({ label, active, onClick }: { label: string; active: boolean; onClick: () => void }) {
  return (
    <Button
      size="xs"
      radius="xl"
      variant={active ? 'filled' : 'default'}
      aria-pressed={active}
      leftSection={active ? <IconCheck size={14} aria-hidden /> : undefined}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

const nameForm = z.object({ name: viewName });

function SaveView({ onSave }: { onSave: (name: string) => void }) {
  const { t } = useTranslation('orders');
  const [opened, setOpened] = useState(false);
  const form = useForm({
    initialValues: { name: '' },
    validate: schemaResolver(nameForm, { name: 'orders:views.name' }),
  });
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" shadow="md">
      <Popover.Target>
        <Button
          size="xs"
          radius="xl"
          variant="subtle"
          leftSection={<IconDeviceFloppy size={14} aria-hidden />}
          onClick={() => setOpened((open) => !open)}
        >
          {t('views.save')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form noValidate onSubmit={form.onSubmit(({ name }) => onSave(name.trim()))}>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              size="xs"
              w={200}
              withAsterisk
              data-autofocus
              label={t('views.name')}
              {...form.getInputProps('name')}
            />
            <Button type="submit" size="xs" mt={22}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * One-tap views above the order list (issue 14): built-in ones for the role, then the user's saved
 * ones. A view is pressed while the list's filters are exactly its own; pressing it again clears them.
 */
export function QuickFilters({ defaultSort }: { defaultSort: SortSpec }) {
  const { t } = useTranslation('orders');
  const role = useRole();
  const { id } = useCurrentUser();
  const { state, update } = useListParams(defaultSort, ORDER_FILTERS);
  const [saved, setSaved] = useState(() => readViews(id));
  const current = currentParams(state.filters, state.q);
  const builtIn = builtInViews(role);

  const store = (views: SavedView[]) => {
    writeViews(id, views);
    setSaved(views);
  };
  const button = (key: string, label: string, params: ViewParams) => {
    const active = isActive(params, current);
    return <ViewButton key={key} label={label} active={active} onClick={() => update(viewChanges(params, active))} />;
  };
  const isNew =
    Object.keys(current).length > 0 && ![...builtIn, ...saved].some((view) => sameParams(view.params, current));

  return (
    <Group gap="xs" role="group" aria-label={t('views.label')}>
      {builtIn.map((view) => button(view.id, t(`views.${view.id}`), view.params))}
      {saved.map((view) => (
        <Button.Group key={view.name} aria-label={view.name}>
          {button(view.name, view.name, view.params)}
          <Button
            size="xs"
            radius="xl"
            variant="default"
            px={6}
            aria-label={t('views.remove', { name: view.name })}
            onClick={() => store(saved.filter((other) => other !== view))}
          >
            <IconX size={14} aria-hidden />
          </Button>
        </Button.Group>
      ))}
      {isNew &&
        (saved.length >= MAX_VIEWS ? (
          <Text size="sm" c="dimmed">
            {t('views.full', { max: MAX_VIEWS })}
          </Text>
        ) : (
          <SaveView onSave={(name) => store(addView(saved, { name, params: current }))} />
        ))}
    </Group>
  );
}
