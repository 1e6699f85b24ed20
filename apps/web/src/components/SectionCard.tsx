import { Card, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { TitleBlock } from './TitleBlock.tsx';

/**
 * A section of a page in a bordered card: its heading (h2, `id` names the section for screen readers
 * and for tables that say what they list), the line that says what it is for, then its content.
 */
export function SectionCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="lg">
        <div id={id}>
          <TitleBlock order={2} size="h3" title={title}>
            {intro}
          </TitleBlock>
        </div>
        {children}
      </Stack>
    </Card>
  );
}
