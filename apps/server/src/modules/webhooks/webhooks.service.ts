import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_ROTATION_HOURS,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookUpdateBody,
} from '@wop/shared/webhooks';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhooks } from '../../db/schema/index.ts';
import { inReach, ownerChain } from '../../lib/chain-owned.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/scope.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { resolveTarget, TargetRefusedError } from './address.ts';
import { secretContext } from './delivery.ts';
import { newMsgId } from './outbox.ts';

type Row = typeof webhooks.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const view = (row: Row): Webhook => ({
  id: row.id,
  chain_id: row.chainId,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEvent[],
  enabled: row.enabled,
  disabled_reason: row.enabled ? null : ((row.disabledReason as 'gone' | 'failing' | null) ?? null),
  failing_since: iso(row.failingSince),
  previous_secret_until:
    row.previousSecretUntil && row.previousSecretUntil.getTime() > Date.now() ? iso(row.previousSecretUntil) : null,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const newSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

const REFUSAL_TEXT = {
  not_https: 'webhooks.url_not_https',
  not_public: 'webhooks.url_not_public',
  not_resolved: 'webhooks.url_not_resolved',
} as const;

type DeliveryRow = {
  id: number;
  msg_id: string;
  type: string;
  order_id: number | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  last_status: number | null;
  created_at: Date;
  done_at: Date | null;
  body: string;
  attempt_log: {
    id: number;
    attempted_at: string;
    status_code: number | null;
    error: string | null;
    response: string | null;
    duration_ms: number;
  }[];
};

const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  id: Number(row.id),
  msg_id: row.msg_id,
  type: row.type,
  order_id: row.order_id,
  status: row.status,
  attempts: row.attempts,
  next_attempt_at: row.status === 'pending' ? new Date(row.next_attempt_at).toISOString() : null,
  last_status: row.last_status,
  created_at: new Date(row.created_at).toISOString(),
  done_at: row.done_at ? new Date(row.done_at).toISOString() : null,
  payload: JSON.parse(row.body),
  attempt_log: row.attempt_log.map((a) => ({
    ...a,
    id: Number(a.id),
    attempted_at: new Date(a.attempted_at).toISOString(),
  })),
});

export function createWebhooksService(db: Db, secrets: Secrets, options: { allowPrivate: boolean; wake?: () => void }) {
  /** Refuses (422 on `url`) an address the server may not send to. */
  async function checkUrl(url: string) {
    try {
      await resolveTarget(new URL(url), options.allowPrivate);
    } catch (error) {
      if (error instanceof TargetRefusedError) throw ValidationError.field('url', REFUSAL_TEXT[error.reason]);
      throw error;
    }
  }

  async function find(user: AuthUser, id: number) {
    const [row] = await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), inReach(user, webhooks.chainId)));
    if (!row) throw new NotFoundError('webhooks.not_found');
    return row;
  }

  return {
    async list(user: AuthUser) {
      const rows = await db.select().from(webhooks).where(inReach(user, webhooks.chainId)).orderBy(desc(webhooks.id));
      return rows.map(view);
    },

    async get(user: AuthUser, id: number) {
      return view(await find(user, id));
    },

    async create(user: AuthUser, body: WebhookBody) {
      const chainId = await ownerChain(db, user, body.chain_id);
      await checkUrl(body.url);
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: number }>(sql`select nextval('webhooks_id_seq')::int as id`);
        const id = rows[0].id;
        const [inserted] = await tx
          .insert(webhooks)
          .values({
            id,
            chainId,
            url: body.url,
            description: body.description ?? '',
            events: body.events,
            secretSealed: secrets.seal(secret, secretContext(id)),
            createdBy: user.id,
          })
          .returning();
        return inserted;
      });
      return { ...view(row), secret };
    },

    async update(user: AuthUser, id: number, body: WebhookUpdateBody) {
      await find(user, id);
      if (body.url !== undefined) await checkUrl(body.url);
      const [row] = await db
        .update(webhooks)
        .set({
          ...(body.url === undefined ? {} : { url: body.url }),
          ...(body.events === undefined ? {} : { events: body.events }),
          ...(body.description === undefined ? {} : { description: body.description }),
          // Turned on again: its failures so far are forgiven.
          ...(body.enabled === undefined
            ? {}
            : body.enabled
              ? { enabled: true, disabledReason: null, failingSince: null }
              : { enabled: false, disabledReason: null }),
        })
        .where(and(eq(webhooks.id, id), inReach(user, webhooks.chainId)))
        .returning();
      if (!row) throw new NotFoundError('webhooks.not_found');
      if (body.enabled) options.wake?.();
      return view(row);
    },

    async remove(user: AuthUser, id: number) {
      const [row] = await db
        .delete(webhooks)
        .where(and(eq(webhooks.id, id), inReach(user, webhooks.chainId)))
        .returning({ id: webhooks.id });
      if (!row) throw new NotFoundError('webhooks.not_found');
    },

    /** A new secret; the previous one signs beside it for WEBHOOK_ROTATION_HOURS. */
    async rotate(user: AuthUser, id: number) {
      const current = await find(user, id);
      const secret = newSecret();
      const [row] = await db
        .update(webhooks)
        .set({
          secretSealed: secrets.seal(secret, secretContext(id)),
          previousSecretSealed: current.secretSealed,
          previousSecretUntil: sql`now() + make_interval(hours => ${WEBHOOK_ROTATION_HOURS})`,
        })
        .where(and(eq(webhooks.id, id), eq(webhooks.secretSealed, current.secretSealed)))
        .returning();
      if (!row) throw new NotFoundError('webhooks.not_found');
      return { ...view(row), secret };
    },

    /** Queues a `webhook.test` message (sent even to a webhook turned off); answers it. */
    async test(user: AuthUser, id: number) {
      const webhook = await find(user, id);
      const body = JSON.stringify({
        type: WEBHOOK_TEST_EVENT,
        timestamp: new Date().toISOString(),
        data: { webhook_id: webhook.id, message: 'A test from the work-order portal.' },
      });
      const { rows } = await db.execute<{ id: number }>(sql`
        insert into webhook_messages (webhook_id, msg_id, type, body)
        values (${webhook.id}, ${newMsgId}, ${WEBHOOK_TEST_EVENT}, ${body}) returning id`);
      options.wake?.();
      return (await this.deliveries(user, id, { id: Number(rows[0].id) })).data[0];
    },

    async deliveries(
      user: AuthUser,
      id: number,
      query: { status?: WebhookDeliveryStatus; before?: number; limit?: number; id?: number },
    ) {
      await find(user, id);
      const limit = query.limit ?? 50;
      const { rows } = await db.execute<DeliveryRow>(sql`
        select m.id, m.msg_id, m.type, m.order_id, m.status, m.attempts, m.next_attempt_at, m.last_status,
          m.created_at, m.done_at, m.body,
          coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'attempted_at', a.attempted_at,
              'status_code', a.status_code, 'error', a.error, 'response', a.response, 'duration_ms', a.duration_ms)
              order by a.id desc)
            from webhook_attempts a where a.message_id = m.id), '[]'::jsonb) as attempt_log
        from webhook_messages m
        where m.webhook_id = ${id}
          ${query.status ? sql`and m.status = ${query.status}` : sql``}
          ${query.before ? sql`and m.id < ${query.before}` : sql``}
          ${query.id ? sql`and m.id = ${query.id}` : sql``}
        order by m.id desc
        limit ${limit + 1}`);
      const page = rows.slice(0, limit).map(deliveryView);
      return { data: page, next_before: rows.length > limit ? page[page.length - 1].id : null };
    },

    /** Sends a delivery again at once (a new round of attempts, the same `webhook-id`). */
    async retry(user: AuthUser, id: number, deliveryId: number) {
      await find(user, id);
      const { rows } = await db.execute<{ id: number }>(sql`
        update webhook_messages set status = 'pending', attempts = 0, next_attempt_at = now(), done_at = null
        where id = ${deliveryId} and webhook_id = ${id} and status <> 'pending' returning id`);
      if (!rows.length) {
        const { rows: exists } = await db.execute(
          sql`select 1 from webhook_messages where id = ${deliveryId} and webhook_id = ${id}`,
        );
        if (!exists.length) throw new NotFoundError('webhooks.delivery_not_found');
      }
      options.wake?.();
      return (await this.deliveries(user, id, { id: deliveryId })).data[0];
    },

    /** Sends again every failed delivery created since `since`; answers how many. */
    async retryFailed(user: AuthUser, id: number, since: string) {
      await find(user, id);
      const { rows } = await db.execute<{ n: number }>(sql`
        with retried as (
          update webhook_messages set status = 'pending', attempts = 0, next_attempt_at = now(), done_at = null
          where webhook_id = ${id} and status = 'failed' and created_at >= ${new Date(since)}
          returning 1)
        select count(*)::int as n from retried`);
      options.wake?.();
      return { retried: rows[0].n };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
