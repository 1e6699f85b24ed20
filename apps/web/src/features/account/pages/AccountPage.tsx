import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
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
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-heading">
        <Title order={2} size="h4" mb="md" id="profile-heading">
          {t('profile.title')}
        </Title>
        <ProfileForm key={`${user.id}:${user.name}:${user.phone_no}`} user={user} />
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="password-heading">
        <Title order={2} size="h4" mb="md" id="password-heading">
          {t('password.title')}
        </Title>
        <PasswordForm email={user.email} />
      </Paper>
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="notifications-heading"
      >
        <Title order={2} size="h4" mb="md" id="notifications-heading">
          {t('notifications.title')}
        </Title>
        <NotificationSettingsForm />
      </Paper>
    </Stack>
  );
}
