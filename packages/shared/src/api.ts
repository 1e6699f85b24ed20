/** Shapes of the API contract shared by the server and the web app. */
import type { z } from 'zod';
import type { loginAnswerSchema, userSchema } from './auth.ts';

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

export type User = z.infer<typeof userSchema>;
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
