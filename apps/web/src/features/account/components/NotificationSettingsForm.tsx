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
const labels = { locale: 'notifications:settings.language' };

export function NotificationSettingsForm() {
  const settings = useQuery(notificationSettingsQueryOptions());
  if (!settings.data) return <Loader size="sm" />;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const { t } = useTranslation('notifications');
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
        {t('settings.intro')}
      </Text>
      <Stack gap="xs" role="group" aria-label={t('settings.emailFor')}>
        {EMAIL_SETTINGS.map((type) => (
          <Checkbox
            key={type}
            label={t(`settings.types.${type}`)}
            {...form.getInputProps(`email.${type}`, { type: 'checkbox' })}
          />
        ))}
      </Stack>
      <Select
        label={t('settings.language')}
        data={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        allowDeselect={false}
        maw={280}
        {...form.getInputProps('locale')}
      />
      <SubmitRow loading={save.isPending}>{t('settings.save')}</SubmitRow>
    </FormLayout>
  );
}
