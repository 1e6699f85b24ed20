import type { FastifyInstance } from 'fastify';
import apiKeysRoutes from './api-keys/api-keys.routes.ts';
import assetsRoutes from './assets/assets.routes.ts';
import authRoutes from './auth/auth.routes.ts';
import chainsRoutes from './chains/chains.routes.ts';
import chatRoutes from './chat/chat.routes.ts';
import configRoutes from './config/config.routes.ts';
import costsRoutes from './costs/costs.routes.ts';
import dashboardRoutes from './dashboard/dashboard.routes.ts';
import exportsRoutes from './exports/exports.routes.ts';
import filesRoutes from './files/files.routes.ts';
import healthRoutes from './health/health.routes.ts';
import importsRoutes from './imports/imports.routes.ts';
import notificationsPlugin from './notifications/notifications.plugin.ts';
import notificationsRoutes from './notifications/notifications.routes.ts';
import confirmRoutes from './orders/confirm.routes.ts';
import { registerTallyMetric } from './orders/list/tally-metric.ts';
import ordersRoutes from './orders/orders.routes.ts';
import orderstatusRoutes from './orderstatus/orderstatus.routes.ts';
import phoneinRoutes from './phonein/phonein.routes.ts';
import plansPlugin from './plans/plans.plugin.ts';
import plansRoutes from './plans/plans.routes.ts';
import regionsRoutes from './regions/regions.routes.ts';
import rolesRoutes from './roles/roles.routes.ts';
import signInRoutes from './sign-in/sign-in.routes.ts';
import storesRoutes from './stores/stores.routes.ts';
import usersRoutes from './users/users.routes.ts';
import visitsPlugin from './visits/visits.plugin.ts';
import visitsRoutes from './visits/visits.routes.ts';
import webhooksPlugin from './webhooks/webhooks.plugin.ts';
import webhooksRoutes from './webhooks/webhooks.routes.ts';
import worktypesRoutes from './worktypes/worktypes.routes.ts';

/** Every feature module, mounted under /api. Add a module with one line here. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(signInRoutes);
  await app.register(rolesRoutes);
  await app.register(worktypesRoutes);
  await app.register(orderstatusRoutes);
  await app.register(ordersRoutes);
  await app.register(confirmRoutes);
  await app.register(dashboardRoutes);
  await app.register(chainsRoutes);
  await app.register(regionsRoutes);
  await app.register(storesRoutes);
  await app.register(assetsRoutes);
  await app.register(usersRoutes);
  await app.register(chatRoutes);
  await app.register(filesRoutes);
  await app.register(importsRoutes);
  await app.register(exportsRoutes);
  await app.register(notificationsRoutes);
  await app.register(phoneinRoutes);
  await app.register(visitsRoutes);
  await app.register(costsRoutes);
  await app.register(apiKeysRoutes);
  await app.register(webhooksRoutes);
  await app.register(plansRoutes);
}

/**
 * What the modules run beside their routes, started with the app before the routes: the event hub,
 * the mailer, the sweep of site visits left open, the webhook sender, the generator of planned maintenance
 * and the modules' metrics.
 */
export async function startModules(app: FastifyInstance): Promise<void> {
  await app.register(notificationsPlugin);
  await app.register(visitsPlugin);
  await app.register(webhooksPlugin);
  await app.register(plansPlugin);
  registerTallyMetric(app);
}
