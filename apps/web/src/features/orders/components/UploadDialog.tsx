import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { isApiError } from '../../../lib/api.ts';
import { notifyErrorWithCode, notifySuccess } from '../../../lib/errors.ts';
import { useUploadDocuments } from '../api/orders.ts';
import { FilePicker } from './FilePicker.tsx';

/**
 * Adds attachments to an order (spec 2) with upload progress; a 422 shows its first message with the
 * code (spec 8). A failed upload keeps the files, so "Try again" sends them once more.
 */
export function UploadDialog({ orderId, opened, onClose }: { orderId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const upload = useUploadDocuments();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const close = () => {
    setFiles([]);
    setError(null);
    setProgress(null);
    setFailed(false);
    onClose();
  };
  return (
    <FormDialog opened={opened} onClose={close} title={t('upload.title')} size="lg">
      <Stack>
        <FilePicker files={files} onChange={setFiles} error={error} progress={progress} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            loading={upload.isPending}
            disabled={files.length === 0}
            onClick={async () => {
              setError(null);
              setProgress(0);
              try {
                notifySuccess(await upload.mutateAsync({ id: orderId, files, onProgress: setProgress }));
                close();
              } catch (e) {
                setProgress(null);
                // A lost connection is worth another try with the same files; a refusal is not.
                setFailed(isApiError(e) && e.status === null);
                setError(notifyErrorWithCode(e).fieldErrors.documents ?? null);
              }
            }}
          >
            {failed ? t('files.retry') : t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </FormDialog>
  );
}
