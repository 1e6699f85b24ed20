import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/** A heading and the short dimmed text under it (what the page or section is for). */
export function TitleBlock({
  order,
  size,
  title,
  children,
}: {
  order: TitleOrder;
  size?: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Title order={order} size={size}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Stack>
  );
}
