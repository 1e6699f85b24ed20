import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCamera, IconFileText, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { MAX_FILES_PER_REQUEST } from '@wop/shared/constants';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Order attachments: docx, png, jpg/jpeg, webp, pdf (the server checks the content too). */
export const ORDER_FILE_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
};

function Preview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation('orders');
  const isImage = file.type.startsWith('image/');
  const url = useMemo(() => (isImage ? URL.createObjectURL(file) : null), [file, isImage]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Paper withBorder p={6} radius="sm" pos="relative">
      <Stack gap={4} align="center">
        {url ? (
          <Image src={url} alt={file.name} h={72} w="100%" fit="cover" radius="sm" />
        ) : (
          <ThemeIcon variant="light" size={72}>
            <IconFileText size={40} aria-hidden />
          </ThemeIcon>
        )}
        <Text size="xs" lineClamp={1} title={file.name} style={{ maxWidth: '100%', overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
      </Stack>
      <ActionIcon
        pos="absolute"
        top={4}
        right={4}
        size="sm"
        color="red"
        variant="filled"
        aria-label={t('files.remove', { name: file.name })}
        onClick={onRemove}
      >
        <IconX size={14} aria-hidden />
      </ActionIcon>
    </Paper>
  );
}

const REJECTION_CODES = ['file-too-large', 'file-invalid-type', 'too-many-files'];

/**
 * A drop zone for up to 10 files with previews; each can be removed before sending. A file that
 * cannot be attached is named with the reason; on a phone a button opens the camera. `progress`
 * (0..1) shows how much of the upload has been sent.
 */
export function FilePicker({
  files,
  onChange,
  maxMb = 20,
  error,
  progress = null,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  maxMb?: number;
  error?: string | null;
  progress?: number | null;
}) {
  const { t } = useTranslation('orders');
  const [rejected, setRejected] = useState<string[]>([]);
  const reason = (name: string, code: string) =>
    t(`files.rejected.${REJECTION_CODES.includes(code) ? code : 'other'}`, {
      name,
      mb: maxMb,
      count: MAX_FILES_PER_REQUEST,
    });
  const add = (added: File[], refused: FileRejection[] = []) => {
    const room = Math.max(0, MAX_FILES_PER_REQUEST - files.length);
    const overflow = added.slice(room).map((file) => reason(file.name, 'too-many-files'));
    setRejected([...refused.map((r) => reason(r.file.name, r.errors[0]?.code ?? 'other')), ...overflow]);
    if (room > 0 && added.length > 0) onChange([...files, ...added.slice(0, room)]);
  };
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('fields.documents')}
      </Text>
      <FileButton onChange={(photo) => photo && add([photo])} accept="image/*" capture="environment">
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconCamera size={18} aria-hidden />} hiddenFrom="sm">
            {t('files.camera')}
          </Button>
        )}
      </FileButton>
      <Dropzone
        onDrop={(dropped) => add(dropped)}
        onReject={(refused) => add([], refused)}
        accept={ORDER_FILE_ACCEPT}
        maxSize={maxMb * 1024 * 1024}
        multiple
        aria-label={t('files.drop')}
      >
        <Group justify="center" gap="md" mih={70} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={32} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={32} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text size="sm">{t('files.drop')}</Text>
            <Text size="xs" c="dimmed">
              {t('files.hint', { count: MAX_FILES_PER_REQUEST, mb: maxMb })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {(rejected.length > 0 || error) && (
        <Stack gap={2} role="alert">
          {rejected.map((text) => (
            <Text key={text} size="sm" c="red.8">
              {text}
            </Text>
          ))}
          {error && (
            <Text size="sm" c="red.8">
              {error}
            </Text>
          )}
        </Stack>
      )}
      {percent !== null && (
        <Stack gap={2}>
          <Text size="sm" id="upload-progress-label">
            {t('files.progress', { percent })}
          </Text>
          <Progress value={percent} aria-labelledby="upload-progress-label" animated={percent < 100} />
        </Stack>
      )}
      {files.length > 0 && (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
          {files.map((file, index) => (
            <Preview
              key={`${file.name}:${file.size}:${file.lastModified}`}
              file={file}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
