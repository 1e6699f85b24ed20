import type { TFunction } from 'i18next';

/** The bell button's props, the same before and after its list has loaded. */
export function bellButton(t: TFunction<'notifications'>, count: number, live: boolean) {
  return {
    variant: 'subtle',
    size: 'lg',
    'aria-label': count ? t('bellUnread', { count }) : t('bell'),
    'data-testid': 'notification-bell',
    'data-live': live,
  } as const;
}
