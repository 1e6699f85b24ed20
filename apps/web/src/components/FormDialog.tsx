import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

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
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={isPhone}>
      {loading ? (
        <Center py="xl">
          <Loader aria-label="…" />
        </Center>
      ) : (
        opened && children
      )}
    </Modal>
  );
}
