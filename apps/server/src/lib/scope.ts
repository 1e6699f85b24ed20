import type { RoleSlug } from '@wop/shared/roles';

/** The signed-in user as every service sees it. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: RoleSlug;
  chainIds: number[];
  regionIds: number[];
  storeIds: number[];
  /** Set when the request came with an API key (the user is then the key's creator, named as the key). */
  apiKeyId?: number;
}

/**
 * What a user may see (api-contract "Scope"). Every list, count, export, download and chat
 * query filters through this; `all` means no filter.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'chains'; ids: number[] }
  | { kind: 'regions'; ids: number[] }
  | { kind: 'stores'; ids: number[] }
  | { kind: 'technician'; userId: number };

export function scopeOf(user: AuthUser): Scope {
  switch (user.role) {
    case 'super-admin':
    case 'admin':
      return { kind: 'all' };
    case 'chain-admin':
      return { kind: 'chains', ids: user.chainIds };
    case 'regional-director':
      return { kind: 'regions', ids: user.regionIds };
    case 'store-manager':
      return { kind: 'stores', ids: user.storeIds };
    case 'technician':
      return { kind: 'technician', userId: user.id };
  }
}
