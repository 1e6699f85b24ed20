import { Button, Group, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ORDER_FILTERS } from '@wop/shared/constants';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SortSpec, useListParams } from '../../../components/DataTable/list-params.ts';
import { useCurrentUser, useRole } from '../../../lib/current-user.ts';
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

// The name form (and the validation code with it) loads when "Save view" is first shown.
const SaveView = lazy(() => import('./SaveView.tsx').then((m) => ({ default: m.SaveView })));

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
          <Suspense fallback={null}>
            <SaveView onSave={(name) => store(addView(saved, { name, params: current }))} />
          </Suspense>
        ))}
    </Group>
  );
}
