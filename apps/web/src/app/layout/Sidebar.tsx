import { Box, Button, Divider, NativeSelect, NavLink, Stack } from '@mantine/core';
import { IconLanguage, IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { isLocale, LOCALES, type Locale } from '@wop/shared/constants';
import { isRoleSlug, MENU, MENU_PATHS, type MenuItem, WELCOME_ROLES } from '@wop/shared/roles';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/api/logout.ts';
import { api } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { LANGUAGE_NAMES, setLanguage } from '../../lib/i18n.ts';
import { activeNavPath, EXTRA_ICONS, MENU_ICONS, type NavIcon } from './nav-items.ts';

interface Entry {
  path: string;
  label: string;
  description?: string;
  icon: NavIcon;
}

/** The role's menu (spec 2) plus, for every role: manuals, emergency numbers, my account, language and log out. */
export function Sidebar() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const role = isRoleSlug(user.role) ? user.role : null;

  const roleEntries: Entry[] = (role ? MENU[role] : []).map((item: MenuItem) => ({
    path: MENU_PATHS[item],
    label: t(`nav.${item}`),
    icon: MENU_ICONS[item],
  }));
  const dashboard: Entry | null =
    role && WELCOME_ROLES.includes(role) ? { path: '/', label: t('nav.dashboard'), icon: EXTRA_ICONS.dashboard } : null;
  const commonEntries: Entry[] = role
    ? [
        { path: '/upload-files', label: t('nav.manuals'), icon: EXTRA_ICONS.manuals },
        { path: '/jour-nummer', label: t('nav.jour'), icon: EXTRA_ICONS.jour },
        { path: '/account', label: user.name, description: t('nav.account'), icon: EXTRA_ICONS.account },
      ]
    : [];
  const allPaths = [dashboard, ...roleEntries, ...commonEntries]
    .filter((e): e is Entry => e !== null)
    .map((e) => e.path);
  const active = activeNavPath(pathname, allPaths);

  const renderEntry = (entry: Entry) => {
    const Icon = entry.icon;
    const isActive = active === entry.path;
    return (
      <NavLink
        key={entry.path}
        component={Link}
        to={entry.path}
        label={entry.label}
        description={entry.description}
        leftSection={<Icon size={20} stroke={1.7} aria-hidden />}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        variant="light"
        styles={{ label: { fontWeight: 600 }, root: { borderRadius: 'var(--mantine-radius-md)' } }}
      />
    );
  };

  const changeLanguage = async (value: string) => {
    if (!isLocale(value)) return;
    await setLanguage(value);
    // Remembered for the user too: a browser where none was chosen starts in it after sign-in.
    api.put('/profile/language', { language: value }).catch(() => undefined);
    // Server texts (work type titles, labels) come back in the new language.
    void queryClient.invalidateQueries();
  };

  return (
    <Stack h="100%" gap={0}>
      {/* The browser's own scrolling: Mantine's scroll area reads its scroll position as it mounts, a layout of
          the whole page in the task that shows the menu. */}
      <Box style={{ flex: 1, minHeight: 0, overflowY: 'auto', scrollbarWidth: 'thin' }} px="sm" py="md">
        <Stack gap={2}>
          {dashboard && renderEntry(dashboard)}
          {roleEntries.map(renderEntry)}
          {commonEntries.length > 0 && <Divider my="sm" />}
          {commonEntries.map(renderEntry)}
        </Stack>
      </Box>
      <Box px="md" py="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Stack gap="sm">
          <NativeSelect
            label={t('nav.language')}
            leftSection={<IconLanguage size={18} aria-hidden />}
            value={(isLocale(i18n.language) ? i18n.language : 'en') satisfies Locale}
            data={LOCALES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
            onChange={(event) => void changeLanguage(event.currentTarget.value)}
          />
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => logout.mutate()}
            loading={logout.isPending}
            fullWidth
            justify="flex-start"
          >
            {t('nav.logout')}
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
}
