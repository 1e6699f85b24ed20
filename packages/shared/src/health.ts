/** The answers of the deployment's own routes: liveness, readiness and its public settings. */
import { z } from 'zod';

export const livenessSchema = z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgresql']) });
export const readySchema = z.object({ status: z.literal('ready') });
export const unavailableSchema = z.object({ status: z.literal('unavailable') });
/** `GET /api/config`: `timezone` is APP_TIMEZONE, in which every time is shown and filtered. */
/** `sign_in_redirect_uri`: the redirect URI a chain registers at its own identity provider. */
export const publicConfigAnswer = z.object({
  message: z.null(),
  payload: z.object({ timezone: z.string(), sign_in_redirect_uri: z.string() }),
});
