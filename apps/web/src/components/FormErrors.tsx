import { Alert, List } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Every server message of a failed submit in one alert, for forms that list them all
 * (the order edit dialog, imports). Field messages still show under their labels via
 * `setServerErrors` from `lib/forms.ts`, which returns the list this component shows.
 */
export function FormErrors({ messages, title }: { messages: readonly string[]; title?: string }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      title={title ?? t('errors.form')}
      role="alert"
    >
      <List size="sm" spacing={2}>
        {messages.map((message, index) => (
          // Messages may repeat across fields; position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once per submit
          <List.Item key={`${index}:${message}`}>{message}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
