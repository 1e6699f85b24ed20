import { Alert, List, ScrollArea, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.ts';

export type LineErrors = Record<string, string[]>;

/** The line-numbered errors of a failed import (a 422 keyed by line), or null for any other failure. */
export function importLineErrors(error: unknown): LineErrors | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const errors = (error.body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return null;
  const entries = Object.entries(errors as Record<string, unknown>);
  if (entries.length === 0 || !entries.every(([key, value]) => /^\d+$/.test(key) && Array.isArray(value))) return null;
  return Object.fromEntries(entries) as LineErrors;
}

/** Spec 8: the import failure notice, then every failing line with its messages. */
export function ImportFailureBox({ errors }: { errors: LineErrors }) {
  const { t } = useTranslation('imports');
  const lines = Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b));
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      <Text size="sm" fw={600} mb="xs">
        {t('failure.title')}
      </Text>
      <ScrollArea.Autosize mah={280}>
        <List size="sm" spacing={4} data-testid="import-failures">
          {lines.map(([line, messages]) => (
            <List.Item key={line}>
              <Text span size="sm" fw={600}>
                {t('failure.line', { line })}
              </Text>{' '}
              {messages.join('; ')}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
