import type { RoleSlug } from '@wop/shared/roles';

/** The six demo accounts of the seed (apps/server/src/db/seed.ts); all share one password. */
export const DEMO_PASSWORD = 'demo1234';

export const ACCOUNTS = {
  superAdmin: { email: 'superadmin@example.com', role: 'super-admin' },
  admin: { email: 'admin@example.com', role: 'admin' },
  chainAdmin: { email: 'chainadmin@example.com', role: 'chain-admin' },
  director: { email: 'director@example.com', role: 'regional-director' },
  store: { email: 'store@example.com', role: 'store-manager' },
  tech: { email: 'tech@example.com', role: 'technician' },
} as const satisfies Record<string, { email: string; role: RoleSlug }>;

export type Who = keyof typeof ACCOUNTS;
export const EVERYONE = Object.keys(ACCOUNTS) as Who[];
