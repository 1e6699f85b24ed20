import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A form the app checks itself (the browser's own bubbles off), its parts stacked. Fields come
 * in `FieldGrid`s, the buttons last.
 */
export function FormLayout({
  onSubmit,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

/** Fields in one column on a phone, two side by side from a small screen up. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 1, sm: 2 }}>{children}</SimpleGrid>;
}

/** The foot of a form that stays on its page: its one submit button, on the right. */
export function SubmitRow({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={loading}>
        {children}
      </Button>
    </Group>
  );
}
