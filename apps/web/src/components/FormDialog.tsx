import { Button, Center, Group, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dialog every create/edit form opens in (spec 2): full screen on a phone. While the
 * object to edit loads, a spinner shows; the form mounts once its initial values are known.
 */
export function FormDialog({
  opened,
  onClose,
  title,
  loading = false,
  size = 'lg',
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  loading?: boolean;
  size?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {loading ? (
        <Center py="xl">
          <Loader role="status" aria-label="…" />
        </Center>
      ) : (
        opened && children
      )}
    </Modal>
  );
}

/**
 * The dialog that creates (no id) or updates (an id) one record: titled from the namespace's
 * form.createTitle / form.updateTitle, it loads the record by `detail` and then renders the form
 * with it (`children`).
 */
export function RecordFormDialog<T, K extends QueryKey>({
  namespace,
  opened,
  id,
  onClose,
  detail,
  size,
  loading = false,
  children,
}: {
  namespace: string;
  opened: boolean;
  id?: number | null;
  onClose: () => void;
  detail: (id: number) => UseQueryOptions<T, Error, T, K>;
  size?: string;
  /** Something else the form waits for. */
  loading?: boolean;
  children: (record: T | undefined) => ReactNode;
}) {
  const { t } = useTranslation(namespace);
  const existing = useQuery({ ...detail(id ?? 0), enabled: opened && !!id });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size={size}
      title={id ? t('form.updateTitle') : t('form.createTitle')}
      loading={(!!id && !existing.data) || loading}
    >
      {children(existing.data)}
    </FormDialog>
  );
}

/** The foot of a form: Cancel, and its submit button (Save unless `submitLabel`) with a spinner while it is sent. */
export function FormActions({
  onCancel,
  saving,
  disabled,
  submitLabel,
}: {
  onCancel: () => void;
  saving: boolean;
  disabled?: boolean;
  submitLabel?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common:actions.cancel')}
      </Button>
      <Button type="submit" loading={saving} disabled={disabled}>
        {submitLabel ?? t('common:actions.save')}
      </Button>
    </Group>
  );
}
