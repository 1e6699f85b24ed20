import { z } from 'zod';
import { v } from './validation.ts';

export const CONFIRM_COMMENT_MAX = 2000;

/**
 * `POST /api/orders/{id}/confirm`: the store's sign-off of a completed order. "Not fixed" needs a
 * comment saying what is still wrong; it becomes the follow-up order's description.
 */
export const confirmOrderBody = z
  .object({
    fixed: z.boolean({ error: v('boolean') }),
    comment: z
      .string()
      .trim()
      .max(CONFIRM_COMMENT_MAX)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (but tab and line breaks) are refused
      .refine((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s), { message: v('invalid') })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.fixed === false && !body.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: v('required') });
  });
export type ConfirmOrderBody = z.output<typeof confirmOrderBody>;

/** The sign-off's answer: the order, and the follow-up order opened when it was not fixed. */
export const confirmAnswerSchema = z.object({ id: z.number(), recall_order_id: z.number().nullable() });
