import { Checkbox, Loader, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { LOCALES } from '@wop/shared/constants';
import { EMAIL_SETTINGS, type NotificationSettings, notificationSettings } from '@wop/shared/notifications';
import { useTranslation } from 'react-i18next';
import { FormLayout, SubmitRow } from '../../../components/FormLayout.tsx';
import { saveOnSubmit, schemaResolver } from '../../../lib/forms.ts';
import { LANGUAGE_NAMES } from '../../../lib/i18n.ts';
import { notificationSettingsQueryOptions, useSaveNotificationSettings } from '../api/notification-settings.ts';

/** Which notifications also come by e-mail, and in which language (account page). */
const labels = { locale: 'account:notifications.language' };

export function NotificationSettingsForm() {
  const settings = useQuery(notificationSettingsQueryOptions());
  if (!settings.data) return <Loader size="sm" />;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation('account');
  const save = useSaveNotificationSettings();
  const form = useForm<NotificationSettings>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(notificationSettings, labels),
  });

  const submit = saveOnSubmit(form, labels, (values) => save.mutateAsync(values), { keepValues: true });

  return (
    <FormLayout onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {t('notifications.intro')}
      </Text>
      <Stack gap="xs" role="group" aria-label={t('notifications.emailFor')}>
        {EMAIL_SETTINGS.map((type) => (
          <Checkbox
            key={type}
            label={t(`notifications.types.${type}`)}
            {...form.getInputProps(`email.${type}`, { type: 'checkbox' })}
          />
        ))}
      </Stack>
      <Select
        label={t('notifications.language')}
        data={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        allowDeselect={false}
        maw={280}
        {...form.getInputProps('locale')}
      />
      <SubmitRow loading={save.isPending}>{t('notifications.save')}</SubmitRow>
    </FormLayout>
  );
}
