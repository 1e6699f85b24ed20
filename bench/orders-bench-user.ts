/** The chain-admin of the first bench chain, created by bench/generate-orders.ts. */
export const BENCH_CHAIN_ADMIN = { email: 'orders-bench-chainadmin@bench.example', password: 'bench1234' } as const;
