import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { NotificationSettingsForm } from '../components/NotificationSettingsForm.tsx';
import { PasswordForm } from '../components/PasswordForm.tsx';
import { ProfileForm } from '../components/ProfileForm.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** One part of the page: a bordered section named by its heading (`id`). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="md" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function AccountPage() {
  const { t } = useTranslation('account');
  const user = useCurrentUser();
  usePageHeader(t('title'));

  return (
    <Stack gap="lg" maw={880}>
      <Group gap="md">
        <Avatar size="lg" radius="xl" color="brand" variant="filled" aria-hidden>
          {initials(user.name)}
        </Avatar>
        <Stack gap={0}>
          <Text fw={700} size="lg">
            {user.name}
          </Text>
          <Text size="sm" c="dimmed">
            {user.role_label || user.role_title || user.role}
          </Text>
        </Stack>
      </Group>
      <Section id="profile-heading" title={t('profile.title')}>
        <ProfileForm key={`${user.id}:${user.name}:${user.phone_no}`} user={user} />
      </Section>
      <Section id="password-heading" title={t('password.title')}>
        <PasswordForm email={user.email} />
      </Section>
      <Section id="notifications-heading" title={t('notifications.title')}>
        <NotificationSettingsForm />
      </Section>
    </Stack>
  );
}
