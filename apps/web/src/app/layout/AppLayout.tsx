import {
  ActionIcon,
  Anchor,
  AppShell,
  Burger,
  Button,
  Group,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { hasRoute } from '@wop/shared/roles';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigationType } from 'react-router';
import { OfflineMark } from '../../components/OfflineMark.tsx';
import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { usePageHeaderState } from '../../lib/page-header.tsx';
import { useAfterFirstScreen } from '../../lib/progressive.ts';
import { useLiveEvents } from '../live-events.ts';
import { useVisitQueue } from '../visit-queue.ts';
import { Sidebar } from './Sidebar.tsx';

// The page's title and action, and the live connection, each in a component of its own: the page sets its header
// after its first render, and the connection waits for the first screen, and neither renders the whole shell again.

function PageTitle() {
  const { t } = useTranslation();
  const { title } = usePageHeaderState();
  return (
    <Title order={1} size="h3" fw={650} lineClamp={1} style={{ minWidth: 0 }}>
      {title ?? <VisuallyHidden>{t('appName')}</VisuallyHidden>}
    </Title>
  );
}

function PageAction({ defaultAction }: { defaultAction: ReactNode }) {
  const { action } = usePageHeaderState();
  return action === undefined ? defaultAction : action;
}

/** Keeps what is on screen fresh once the page has shown (its two calls would otherwise share a slow line with the
 * first screen's). */
function LiveEvents() {
  useLiveEvents(useAfterFirstScreen());
  return null;
}

/** Mantine AppShell: the role's sidebar (a burger below 768 px), a header with the page title and its primary action. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const isPhone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  // A phone's menu is off the screen until the burger opens it: it renders then, the first time (as the list's
  // filters do), not while the first screen is still busy.
  const [menuOpenedOnce, setMenuOpenedOnce] = useState(false);
  if (opened && !menuOpenedOnce) setMenuOpenedOnce(true);
  const menuWanted = !isPhone || menuOpenedOnce;
  useVisitQueue();

  // A tap on a menu entry on a phone should show the page, not the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => close(), [pathname, close]);
  // A new page opens at its top (a tap on an order far down a phone's list landed mid-page); Back keeps
  // where the browser was.
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);

  const canCreateOrder = hasRoute(user.role, 'order-create');
  // On a phone the button is its icon alone, so the page title beside it keeps its words.
  const defaultAction =
    canCreateOrder && pathname !== '/orders/create' ? (
      isPhone ? (
        <ActionIcon component={Link} to="/orders/create" size="lg" aria-label={t('actions.newOrder')}>
          <IconPlus size={20} aria-hidden />
        </ActionIcon>
      ) : (
        <Button component={Link} to="/orders/create" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('actions.newOrder')}
        </Button>
      )
    ) : null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
    >
      <a href="#main-content" className="wop-skip-link">
        {t('nav.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to="/"
              visibleFrom="sm"
              w={264 - 32}
              underline="never"
              c="inherit"
              aria-label={t('appName')}
              style={{ flexShrink: 0 }}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={34} radius="md" aria-hidden>
                  <IconTool size={20} />
                </ThemeIcon>
                <Text fw={700} size="lg" aria-hidden>
                  {t('appName')}
                </Text>
              </Group>
            </Anchor>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggleMenu')}
              aria-expanded={opened}
              aria-controls="app-navbar"
            />
            <PageTitle />
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <PageAction defaultAction={defaultAction} />
            <NotificationBell />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" aria-label={t('nav.mainMenu')}>
        {menuWanted && <Sidebar />}
      </AppShell.Navbar>
      <LiveEvents />
      <AppShell.Main id="main-content" tabIndex={-1}>
        <OfflineMark />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
