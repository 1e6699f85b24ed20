import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLive } from '../../../lib/live-status.ts';
import { useAfterFirstScreen } from '../../../lib/progressive.ts';
import { useUnreadNotifications } from '../api/notifications.ts';
import { bellButton } from './bell-button.ts';

const BellPopover = lazy(() => import('./BellPopover.tsx').then((module) => ({ default: module.BellPopover })));

/**
 * The header bell with the unread count. Its list (BellPopover.tsx), and the UI kit's popovers with it,
 * load with the first click, not with every page.
 */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  // Asked once the page has shown: the count is no part of what a phone needs first.
  const unread = useUnreadNotifications(useAfterFirstScreen());
  const count = unread.data ?? 0;
  const live = useLive();
  const [used, setUsed] = useState(false);
  const standIn = (
    <ActionIcon {...bellButton(t, count, live)} onClick={() => setUsed(true)} loading={used} aria-expanded={false}>
      <IconBell size={22} aria-hidden />
    </ActionIcon>
  );
  // The indicator stays outside the popover's target: the target gets the popup's ARIA attributes,
  // which belong on the button, not on the indicator's wrapper.
  return (
    <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} color="red" offset={4}>
      {used ? (
        <Suspense fallback={standIn}>
          <BellPopover count={count} />
        </Suspense>
      ) : (
        standIn
      )}
    </Indicator>
  );
}
