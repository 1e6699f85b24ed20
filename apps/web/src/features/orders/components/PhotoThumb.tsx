import { Box, Center, Image, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import type { OrderDocument } from '@wop/shared/orders';
import { useEffect, useState } from 'react';
import { fetchFile } from '../../../lib/api.ts';

/** A photo (an image file) of the order, shown as a picture rather than its file name. */
export const isPhoto = (doc: OrderDocument) => doc.mime_type.startsWith('image/');

/**
 * The photo's thumbnail: the file fetched with the session's token (files are not public) and shown
 * from memory; a tap opens it whole. While it loads, or when it cannot (offline), a picture icon
 * stands in, with the name for those who cannot see it.
 */
export function PhotoThumb({ doc, label, onOpen }: { doc: OrderDocument; label: string; onOpen: () => void }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    fetchFile(doc.url, controller.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      () => setSrc(null),
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [doc.url]);

  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={label}
      title={doc.name}
      data-testid="order-photo"
      style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
    >
      <Box
        h={96}
        bg="gray.1"
        style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
      >
        {src ? (
          <Image src={src} alt={doc.name} h={94} w="100%" fit="cover" radius="md" />
        ) : (
          <Center h="100%" px={4} style={{ flexDirection: 'column', gap: 2 }}>
            <IconPhoto size={28} color="var(--mantine-color-gray-6)" aria-hidden />
            <Text size="xs" c="dimmed" truncate maw="100%">
              {doc.name}
            </Text>
          </Center>
        )}
      </Box>
    </UnstyledButton>
  );
}
