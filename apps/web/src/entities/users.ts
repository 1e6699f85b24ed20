/** Every user query starts with this key; invalidating it reloads lists and details. */
export const USERS_KEY = ['users'] as const;
