import { type FullConfig, request } from '@playwright/test';
import { EVERYONE } from './accounts.ts';
import { apiLogin, sessionFile, writeSession } from './auth.ts';

/** Signs each demo role in once per run and keeps its browser state for specs to reuse. */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0].use.baseURL as string;
  const origin = new URL(baseURL).origin;
  const api = await request.newContext({ baseURL });
  try {
    for (const who of EVERYONE) {
      const { token, expiresAt } = await apiLogin(api, who);
      writeSession(sessionFile(who), origin, token, expiresAt);
    }
  } finally {
    await api.dispose();
  }
}
