// The one schema object handed to Drizzle (and drizzle-kit).
export * from './api-keys.ts';
export * from './assets.ts';
export * from './costs.ts';
export * from './files.ts';
export * from './notifications.ts';
export * from './orders.ts';
export * from './org.ts';
export * from './phonein.ts';
export * from './plans.ts';
export * from './reference.ts';
export * from './search.ts';
export * from './sign-in.ts';
export * from './tallies.ts';
export * from './users.ts';
export * from './visits.ts';
export * from './webhooks.ts';
