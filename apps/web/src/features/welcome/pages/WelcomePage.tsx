import { Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook, IconChevronRight, IconList, IconPhoneCall, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { hasRoute } from '@wop/shared/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LinkCard } from '../../../components/Tiles.tsx';
import { ORDER_CREATE_PATH, orderListPath } from '../../../entities/orders.ts';
import { useCurrentUser, useRole } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { needsYouKind, needsYouQueryOptions, signOffQueryOptions } from '../api/get-needs-you.ts';
import { NeedsYouNow, SignOffWaiting } from '../components/NeedsYouNow.tsx';
import { OpenOrders } from '../components/OpenOrders.tsx';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

function Shortcut({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <LinkCard to={to}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Text fw={600}>{label}</Text>
        </Group>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </LinkCard>
  );
}

/**
 * What needs the user comes first, and its height is known only with its answers: until they have come a
 * placeholder stands there and the rest of the page, mounted so that its data loads meanwhile, is not laid
 * out. Then nothing moves when the answers come. Its own component: those answers re-render this wrapper,
 * not the page inside it.
 */
function AfterFirstAnswers({ canSignOff, children }: { canSignOff: boolean; children: ReactNode }) {
  const needs = useQuery(needsYouQueryOptions(needsYouKind(useRole())));
  const signOff = useQuery({ ...signOffQueryOptions(), enabled: canSignOff });
  const firstAnswers = !needs.isPending && !(canSignOff && signOff.isPending);
  return (
    <>
      {!firstAnswers && <Skeleton h={180} radius="md" />}
      <Stack gap="xl" display={firstAnswers ? undefined : 'none'}>
        {children}
      </Stack>
    </>
  );
}

/** `/` for the roles with a welcome page. The outlet holds what the router puts there for `/` (the figures). */
export function WelcomePage() {
  const { t } = useTranslation(['welcome', 'common']);
  const user = useCurrentUser();
  const firstName = user.name.split(/\s+/)[0] || user.name;
  const title = t(`greeting.${greetingKey(new Date().getHours())}`, { name: firstName });
  usePageHeader(t('common:nav.dashboard'));
  const canSignOff = user.role === 'store-manager';

  return (
    <Stack gap="xl" maw={1100}>
      <Stack gap={4}>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>

      <AfterFirstAnswers canSignOff={canSignOff}>
        {canSignOff && <SignOffWaiting />}
        <NeedsYouNow />

        <Outlet />

        <OpenOrders />

        <Stack gap="sm" component="section" aria-labelledby="shortcuts">
          <Title order={3} size="h4" id="shortcuts">
            {t('shortcuts')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {hasRoute(user.role, 'order-create') && (
              <Shortcut to={ORDER_CREATE_PATH} icon={<IconPlus size={20} />} label={t('shortcut.newOrder')} />
            )}
            <Shortcut to={orderListPath()} icon={<IconList size={20} />} label={t('shortcut.orders')} />
            <Shortcut to="/jour-nummer" icon={<IconPhoneCall size={20} />} label={t('shortcut.jour')} />
            <Shortcut to="/upload-files" icon={<IconBook size={20} />} label={t('shortcut.manuals')} />
          </SimpleGrid>
        </Stack>
      </AfterFirstAnswers>
    </Stack>
  );
}
