import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDeleteProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => unknown;
  /** What is deleted, e.g. the chain's name: "Delete {name}?". */
  name?: string;
  title?: ReactNode;
  message?: ReactNode;
  /** The confirming button's text, when it is not "Delete" (e.g. "Revoke"). */
  confirmLabel?: string;
}

/**
 * The one delete confirmation (spec 4: delete always asks, cancel or delete). The delete
 * button spins while `onConfirm` runs and the dialog closes when it succeeds; on failure
 * it stays open (the error toast has already been shown). Loaded through ConfirmDelete.tsx.
 */
export function ConfirmDeleteDialog({
  opened,
  onClose,
  onConfirm,
  name,
  title,
  message,
  confirmLabel,
}: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // Reported by the error module; keep the dialog so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={title ?? (name ? t('confirmDelete.title', { name }) : t('confirmDelete.titleGeneric'))}
      size="sm"
      fullScreen={false}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="lg">
        <Text size="sm">{message ?? t('confirmDelete.message')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('confirmDelete.cancel')}
          </Button>
          <Button color="red.8" leftSection={<IconTrash size={16} aria-hidden />} loading={busy} onClick={confirm}>
            {confirmLabel ?? t('confirmDelete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
