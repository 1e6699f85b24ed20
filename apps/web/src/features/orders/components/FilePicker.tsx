import { ActionIcon, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileText, IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { MAX_FILES_PER_REQUEST } from '@wop/shared/constants';
import { useEffect, useMemo } from 'react';
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

/** A drop zone for up to 10 files with previews; each can be removed before sending. */
export function FilePicker({
  files,
  onChange,
  maxMb = 20,
  error,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  maxMb?: number;
  error?: string | null;
}) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('fields.documents')}
      </Text>
      <Dropzone
        onDrop={(dropped) => onChange([...files, ...dropped].slice(0, MAX_FILES_PER_REQUEST))}
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
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
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
