/**
 * The bench users that bench/generate-orders.ts creates (password bench1234), one per role:
 * the chain-admin of the first bench chain, the regional director of its first region, the store
 * manager of its first store, a technician with assigned orders in the bench data, an admin and a
 * super-admin.
 */
export const BENCH_PASSWORD = 'bench1234';

/** The chain-admin of the first bench chain, created by bench/generate-orders.ts. */
export const BENCH_CHAIN_ADMIN = { email: 'orders-bench-chainadmin@bench.example', password: BENCH_PASSWORD } as const;

/** One bench user per role (by role slug), e-mail and password. */
export const BENCH_USERS = {
  'super-admin': { email: 'orders-bench-superadmin@bench.example', password: BENCH_PASSWORD },
  admin: { email: 'orders-bench-admin@bench.example', password: BENCH_PASSWORD },
  'chain-admin': BENCH_CHAIN_ADMIN,
  'regional-director': { email: 'orders-bench-regional@bench.example', password: BENCH_PASSWORD },
  'store-manager': { email: 'orders-bench-storemanager@bench.example', password: BENCH_PASSWORD },
  technician: { email: 'orders-bench-technician@bench.example', password: BENCH_PASSWORD },
} as const;

export type BenchRole = keyof typeof BENCH_USERS;
