/** Shapes of the API contract shared by the server and the web app. */
import type { EntityType, RoleSlug } from './roles.ts';

export interface Envelope<T> {
  message: string | null;
  payload: T;
}

export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export interface EntityRef {
  id: number;
  chain_name?: string;
  region_name?: string;
  store_name?: string;
  /** The chain of a bound region or store, and the region of a bound store. */
  chain_id?: number;
  region_id?: number | null;
}

export interface User {
  id: number;
  name: string;
  email: string;
  phone_no: string | null;
  role: RoleSlug | string;
  role_title: string;
  role_label: string;
  entity_type: EntityType | null;
  entity_id: number | null;
  entities_ids: number[];
  entities_data: EntityRef[];
  entity_detail: {
    id: number;
    chain_id: number;
    region_id: number | null;
    store_name: string;
    chain: { id: number; chain_name: string };
  } | null;
}

export interface LoginAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_at: string;
  user: User;
}
