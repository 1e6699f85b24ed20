import { z } from 'zod';

/** The error body of every 4xx (api-contract "Answers"); 422 adds `errors` by field. */
const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Response schemas for the error statuses a route can answer, so the OpenAPI document lists them. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;
