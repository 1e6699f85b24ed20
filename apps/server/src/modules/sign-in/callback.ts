/** Where a chain's provider sends the browser back: the redirect URI its IT registers. */
export const CALLBACK_PATH = '/api/auth/provider/callback';
export const redirectUriOf = (publicUrl: string) => new URL(CALLBACK_PATH, publicUrl).toString();
