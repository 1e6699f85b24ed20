import { List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SubmitFailed } from './SubmitFailed.tsx';

/**
 * Every server message of a failed submit in one alert, for forms that list them all
 * (the order edit dialog, imports). Field messages still show under their labels via
 * `setServerErrors` from `lib/forms.ts`, which returns the list this component shows.
 */
export function FormErrors({ messages, title }: { messages: readonly string[]; title?: string }) {
  const { t } = useTranslation();
  if (messages.length === 0) return null;
  return (
    <SubmitFailed title={title ?? t('errors.form')}>
      <List size="sm" spacing={2}>
        {messages.map((message, index) => (
          // Messages may repeat across fields; position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once per submit
          <List.Item key={`${index}:${message}`}>{message}</List.Item>
        ))}
      </List>
    </SubmitFailed>
  );
}
