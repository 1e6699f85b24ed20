/**
 * Roles, permissions, menus and routes: the single place where spec section 6 lives.
 * The server checks `can()` on every route; the web app reads the same table to hide
 * what the server would refuse.
 */
export const ROLES = [
  'super-admin',
  'admin',
  'chain-admin',
  'regional-director',
  'store-manager',
  'technician',
] as const;
export type RoleSlug = (typeof ROLES)[number];

export const isRoleSlug = (value: unknown): value is RoleSlug =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Admin-type roles carry no entity (chain, region or store). */
export const ADMIN_ROLES: readonly RoleSlug[] = ['super-admin', 'admin', 'technician'];

export type EntityType = 'chain' | 'region' | 'store';
/** Which entity each role is bound to; null for roles without one. */
export const ROLE_ENTITY: Record<RoleSlug, EntityType | null> = {
  'super-admin': null,
  admin: null,
  'chain-admin': 'chain',
  'regional-director': 'region',
  'store-manager': 'store',
  technician: null,
};

const SA: RoleSlug[] = ['super-admin'];
const ADMINS: RoleSlug[] = ['super-admin', 'admin'];
const ORG_ADMINS: RoleSlug[] = ['super-admin', 'admin', 'chain-admin'];
const MANAGERS: RoleSlug[] = ['super-admin', 'admin', 'chain-admin', 'regional-director'];
const EVERYONE: RoleSlug[] = [...ROLES];

export const PERMISSIONS = {
  // Orders
  'order:list': EVERYONE,
  'order:view': EVERYONE,
  'order:create': ['super-admin', 'admin', 'chain-admin', 'regional-director', 'store-manager'],
  /** "Create order" on the order detail page (spec 6). */
  'order:create-from-detail': ['super-admin', 'admin', 'store-manager'],
  'order:update': [...MANAGERS, 'technician'],
  'order:delete': MANAGERS,
  'order:upload': EVERYONE,
  'order:set-priority': MANAGERS,
  'order:set-approval': MANAGERS,
  'order:set-status': [...MANAGERS, 'technician'],
  'order:set-dates': ['super-admin', 'admin', 'chain-admin', 'technician'],
  'order:assign-technician': ADMINS,
  /** The asset an order is about: those who manage the order, and the technician who stands in front of it. */
  'order:set-asset': [...MANAGERS, 'technician'],
  'order:chat': EVERYONE,
  /** Store sign-off of a completed order ("fixed" / "not fixed"): the store's side, not the service's. */
  'order:confirm': ['chain-admin', 'regional-director', 'store-manager'],
  /** Site visits (api-contract "Site visits"): everyone reads those of the orders they see. */
  'visit:list': EVERYONE,
  /** Check-in and check-out: the order's assigned technician (scope: its own orders). */
  'visit:check-in': ['technician'],
  /** The store's side confirms that the technician came. */
  'visit:confirm': ['chain-admin', 'regional-director', 'store-manager'],
  /** Correcting a visit's times or outcome (recorded in the order's history). */
  'visit:correct': ADMINS,
  /** The home-page dashboard (api-contract "Dashboard"). */
  'dashboard:view': ['super-admin', 'admin', 'chain-admin', 'regional-director', 'store-manager'],
  // What the work costs (api-contract "Costs"): everyone reads the costs of the orders in scope; the
  // service side (its technician, admins) writes lines and quotes; approvers decide quotes and NTEs.
  'cost:list': EVERYONE,
  'cost:manage': ['super-admin', 'admin', 'technician'],
  'quote:submit': ['super-admin', 'admin', 'technician'],
  'quote:decide': MANAGERS,
  'order:set-nte': MANAGERS,
  'invoice:list': ORG_ADMINS,
  'invoice:issue': ADMINS,
  // Planned maintenance (api-contract "Planned maintenance"): approvers plan, a store manager reads its
  // store's plans, a technician sees only the orders.
  'plan:list': [...MANAGERS, 'store-manager'],
  'plan:manage': MANAGERS,
  // Organisation
  'chain:list': ORG_ADMINS,
  'chain:view': ORG_ADMINS,
  'chain:manage': ADMINS,
  /** A chain's own identity provider and password sign-in (PUT /api/chains/{id}, its sign-in fields). */
  'chain:sign-in': ORG_ADMINS,
  'region:list': MANAGERS,
  'region:manage': ORG_ADMINS,
  'store:list': MANAGERS,
  'store:manage': ORG_ADMINS,
  'store:import': ADMINS,
  /** Assets: everyone reads those in scope (a technician those of its orders). */
  'asset:list': EVERYONE,
  /** The store's own people register their equipment too (api-contract "Assets"). */
  'asset:manage': [...MANAGERS, 'store-manager'],
  'asset:import': ORG_ADMINS,
  'user:list': ORG_ADMINS,
  'user:manage': ORG_ADMINS,
  'user:bulk-update': ADMINS,
  'technician:list': ADMINS,
  // Reference data
  'role:list': ORG_ADMINS,
  'role:manage': SA,
  'worktype:list': EVERYONE,
  'worktype:manage': SA,
  'orderstatus:list': EVERYONE,
  'orderstatus:manage': SA,
  // Phone-in: the after-hours on-call lines and the service desk number
  'oncall:list': EVERYONE,
  'oncall:manage': ADMINS,
  // Files library
  'category:list': EVERYONE,
  'category:manage': SA,
  // Exports
  'export:orders': MANAGERS,
  'export:users': ORG_ADMINS,
  'export:stores': MANAGERS,
  'export:chains': ORG_ADMINS,
  'export:regions': MANAGERS,
  'export:assets': MANAGERS,
  'export:visits': MANAGERS,
  'export:invoices': ORG_ADMINS,
  // Live updates and notifications: everyone hears of (only) the orders in their own scope.
  'api-key:manage': ORG_ADMINS,
  'webhook:manage': ORG_ADMINS,
  'events:stream': EVERYONE,
  'notification:use': EVERYONE,
} as const satisfies Record<string, readonly RoleSlug[]>;

export type Permission = keyof typeof PERMISSIONS;

/** Any role slug outside the six has no access at all. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isRoleSlug(role) && (PERMISSIONS[permission] as readonly RoleSlug[]).includes(role);
}

/** Roles a chain-admin may give to users it creates; admins may give any role. */
export function assignableRoles(role: string | null | undefined): RoleSlug[] {
  if (role === 'super-admin' || role === 'admin') return [...ROLES];
  if (role === 'chain-admin') return ['store-manager', 'regional-director'];
  return [];
}

/**
 * May a user of role `actor` give `role` to someone, or change, reset or delete a user holding it?
 * Only a super-admin touches super-admins; admins everything else (custom roles too).
 */
export function mayManageRole(actor: string | null | undefined, role: string): boolean {
  if (actor === 'super-admin') return true;
  if (actor === 'admin') return role !== 'super-admin';
  return (assignableRoles(actor) as string[]).includes(role);
}

export type MenuItem =
  | 'chains'
  | 'users'
  | 'roles'
  | 'work-types'
  | 'order-status'
  | 'orders'
  | 'import-stores'
  | 'bulk-update-users'
  | 'regions'
  | 'stores'
  | 'create-order'
  | 'assets'
  | 'api-keys'
  | 'webhooks'
  | 'plans';

/** Sidebar items per role (spec 2), in the order they are shown. */
export const MENU: Record<RoleSlug, MenuItem[]> = {
  'super-admin': [
    'chains',
    'users',
    'roles',
    'work-types',
    'order-status',
    'orders',
    'assets',
    'plans',
    'import-stores',
    'bulk-update-users',
    'api-keys',
    'webhooks',
  ],
  admin: ['chains', 'users', 'orders', 'assets', 'plans', 'import-stores', 'api-keys', 'webhooks'],
  'chain-admin': ['orders', 'assets', 'plans', 'regions', 'stores', 'users'],
  'regional-director': ['orders', 'assets', 'plans', 'stores'],
  'store-manager': ['orders', 'create-order', 'assets', 'plans'],
  technician: ['orders'],
};

export const MENU_PATHS: Record<MenuItem, string> = {
  chains: '/chains',
  users: '/users',
  roles: '/roles',
  'work-types': '/work-types',
  'order-status': '/order-status',
  orders: '/orders',
  'import-stores': '/stores/import',
  'bulk-update-users': '/users/bulk-update',
  regions: '/regions',
  stores: '/stores',
  'create-order': '/orders/create',
  assets: '/assets',
  'api-keys': '/api-keys',
  webhooks: '/webhooks',
  plans: '/plans',
};

/** Roles that see a welcome page at `/` and the dashboard title in the sidebar. */
export const WELCOME_ROLES: readonly RoleSlug[] = ['chain-admin', 'regional-director', 'store-manager', 'technician'];

export type AppRoute =
  | 'welcome'
  | 'account'
  | 'jour-nummer'
  | 'orders'
  | 'order-detail'
  | 'order-create'
  | 'upload-files'
  | 'upload-files-create'
  | 'roles'
  | 'work-types'
  | 'order-status'
  | 'chains'
  | 'chain-dashboard'
  | 'users'
  | 'regions'
  | 'stores'
  | 'stores-import'
  | 'users-bulk-update'
  | 'assets'
  | 'asset-detail'
  | 'asset-tag'
  | 'assets-import'
  | 'api-keys'
  | 'webhooks'
  | 'plans'
  | 'plan-create'
  | 'plan-detail'
  | 'plans-calendar';

const COMMON: AppRoute[] = [
  'account',
  'jour-nummer',
  'orders',
  'order-detail',
  'upload-files',
  'asset-detail',
  'asset-tag',
];
/** The asset register (a technician reaches only the assets of its orders, from them). */
const ASSETS: AppRoute[] = ['assets'];
/** Maintenance plans: read by store managers, made by the approvers (technicians see only the orders). */
const PLANS_READ: AppRoute[] = ['plans', 'plan-detail', 'plans-calendar'];
const PLANS: AppRoute[] = [...PLANS_READ, 'plan-create'];

/** An admin's routes; a super-admin has these and the reference tables and the manuals' uploads. */
const ADMIN: AppRoute[] = [
  ...COMMON,
  'chains',
  'chain-dashboard',
  'users',
  'order-create',
  'stores-import',
  'users-bulk-update',
  ...ASSETS,
  'assets-import',
  'api-keys',
  'webhooks',
  ...PLANS,
];

/** Routes per role, exactly as spec section 2. A route a role does not have is not-found. */
export const ROUTES: Record<RoleSlug, AppRoute[]> = {
  'super-admin': [...ADMIN, 'roles', 'work-types', 'order-status', 'upload-files-create'],
  admin: ADMIN,
  'chain-admin': [
    ...COMMON,
    'welcome',
    'users',
    'regions',
    'stores',
    'order-create',
    'chain-dashboard',
    ...ASSETS,
    'assets-import',
    ...PLANS,
  ],
  'regional-director': [...COMMON, 'welcome', 'order-create', 'stores', ...ASSETS, ...PLANS],
  'store-manager': [...COMMON, 'welcome', 'order-create', ...ASSETS, ...PLANS_READ],
  technician: [...COMMON, 'welcome'],
};

export function hasRoute(role: string | null | undefined, route: AppRoute): boolean {
  return isRoleSlug(role) && ROUTES[role].includes(route);
}
