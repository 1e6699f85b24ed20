import {
  IconBook,
  IconBox,
  IconBuildingStore,
  IconCalendarRepeat,
  IconClipboardList,
  IconFileImport,
  IconHierarchy2,
  IconKey,
  IconLayoutDashboard,
  IconListCheck,
  IconMap2,
  IconPhoneCall,
  IconPlus,
  IconShieldLock,
  IconTool,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import type { MenuItem } from '@wop/shared/roles';

export type NavIcon = typeof IconBook;

export const MENU_ICONS: Record<MenuItem, NavIcon> = {
  chains: IconHierarchy2,
  users: IconUsers,
  roles: IconShieldLock,
  'work-types': IconTool,
  'order-status': IconListCheck,
  orders: IconClipboardList,
  'import-stores': IconFileImport,
  'bulk-update-users': IconUsersGroup,
  regions: IconMap2,
  stores: IconBuildingStore,
  'create-order': IconPlus,
  assets: IconBox,
  'api-keys': IconKey,
  webhooks: IconWebhook,
  plans: IconCalendarRepeat,
};

export const EXTRA_ICONS = {
  dashboard: IconLayoutDashboard,
  manuals: IconBook,
  jour: IconPhoneCall,
  account: IconUserCircle,
} satisfies Record<string, NavIcon>;

/** The menu entry a path belongs to: the longest menu path that is the path or a parent of it. */
export function activeNavPath(pathname: string, paths: readonly string[]): string | null {
  let best: string | null = null;
  for (const path of paths) {
    const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (best === null || path.length > best.length)) best = path;
  }
  return best;
}
