import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AppRoute, MENU, MENU_PATHS, ROUTES, type RoleSlug, WELCOME_ROLES } from '@wop/shared/roles';
import { ROUTE_PATHS } from '../../apps/web/src/app/router/route-table.ts';

const pagesFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/app/router/pages.ts');

/**
 * Routes that have a page attached in apps/web/src/app/router/pages.ts. A route without one
 * shows not-found by design until its feature lands, so "an allowed route opens" is checked
 * for these; each new page is covered by the shell journeys as soon as it is registered.
 */
export function registeredRoutes(): Set<AppRoute> {
  const source = fs.readFileSync(pagesFile, 'utf8');
  const routes = new Set<AppRoute>();
  for (const line of source.split('\n')) {
    const match = /^\s*'?([\w-]+)'?\s*:\s*page\(/.exec(line);
    if (match) routes.add(match[1] as AppRoute);
  }
  return routes;
}

/** A role's routes with a fixed path (no :id), as paths. */
export function plainRoutes(role: RoleSlug): { route: AppRoute; path: string }[] {
  return ROUTES[role]
    .map((route) => ({ route, path: ROUTE_PATHS[route] }))
    .filter(({ path }) => !path.includes(':') && !path.includes('*'));
}

/** The sidebar's links for a role, top to bottom (spec 2: role menu, then manuals, emergency, account). */
export function sidebarPaths(role: RoleSlug): string[] {
  return [
    ...(WELCOME_ROLES.includes(role) ? ['/'] : []),
    ...MENU[role].map((item) => MENU_PATHS[item]),
    '/upload-files',
    '/jour-nummer',
    '/account',
  ];
}

/** A path each role must not reach (it shows forbidden): one the spec gives other roles only. */
export const FORBIDDEN_PATH: Record<RoleSlug, string> = {
  'super-admin': '/regions',
  admin: '/roles',
  'chain-admin': '/chains',
  'regional-director': '/users',
  'store-manager': '/stores',
  technician: '/orders/create',
};
