import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notifyErrorWithCode, notifySuccess } from '../../../lib/errors.ts';
import { useUploadDocuments } from '../api/orders.ts';
import { FilePicker } from './FilePicker.tsx';

/** Adds attachments to an order (spec 2); a 422 shows its first message with the code (spec 8). */
export function UploadDialog({ orderId, opened, onClose }: { orderId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const upload = useUploadDocuments();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setFiles([]);
    setError(null);
    onClose();
  };
  return (
    <FormDialog opened={opened} onClose={close} title={t('upload.title')} size="lg">
      <Stack>
        <FilePicker files={files} onChange={setFiles} error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            loading={upload.isPending}
            disabled={files.length === 0}
            onClick={async () => {
              try {
                notifySuccess(await upload.mutateAsync({ id: orderId, files }));
                close();
              } catch (e) {
                setError(notifyErrorWithCode(e).fieldErrors.documents ?? null);
              }
            }}
          >
            {t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </FormDialog>
  );
}
