import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { WIDE_SCREEN_PX } from '@wop/shared/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { ChatPanel } from './ChatPanel.tsx';

const WIDE_QUERY = `(min-width: ${WIDE_SCREEN_PX + 1}px)`;

/** Whether the screen is wider than 992 px (spec 9). */
export const useWideScreen = () =>
  useMediaQuery(WIDE_QUERY, window.matchMedia?.(WIDE_QUERY).matches ?? true, {
    getInitialValueInEffect: false,
  });

/** Open by default wider than 992 px, closed below (spec 4); crossing the width resets it. */
export function useChatPanelOpen(): [boolean, () => void, (open: boolean) => void] {
  const wide = useWideScreen();
  const [opened, setOpened] = useState(wide);
  useEffect(() => setOpened(wide), [wide]);
  return [opened, () => setOpened((o) => !o), setOpened];
}

/**
 * The order detail with its chat: a right-hand column wider than 992 px, below the detail on
 * narrow screens (ux.md). The panel is only mounted (and only polls) while open.
 */
export function OrderChatLayout({
  orderId,
  opened,
  onClose,
  children,
}: {
  orderId: number;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const wide = useWideScreen();
  // Below the detail on a phone the opened chat would be out of sight: bring it into view, ready to type.
  useEffect(() => {
    if (!opened || wide) return;
    const panel = document.getElementById('order-chat-panel');
    panel?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    panel?.querySelector('textarea')?.focus({ preventScroll: true });
  }, [opened, wide]);
  if (!opened) return <>{children}</>;
  if (!wide) {
    return (
      <>
        {children}
        <Box mt="md">
          <ChatPanel orderId={orderId} onClose={onClose} height="50vh" />
        </Box>
      </>
    );
  }
  return (
    <Box style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'flex-start' }}>
      <Box style={{ flex: '1 1 0', minWidth: 0 }}>{children}</Box>
      <Box
        style={{
          flex: '0 0 min(420px, 38%)',
          position: 'sticky',
          top: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))',
        }}
      >
        <ChatPanel orderId={orderId} onClose={onClose} height="max(320px, calc(100vh - 320px))" />
      </Box>
    </Box>
  );
}
