import type { Locale } from '@wop/shared/constants';
import { idParams } from '@wop/shared/query';
import type { Permission } from '@wop/shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { created, emptyEnvelope, envelope } from './http.ts';
import { errorResponses } from './openapi-errors.ts';

interface RecordRoutes<
  Item extends z.ZodType,
  Body extends z.ZodType,
  UpdateBody extends z.ZodType,
  Params extends z.ZodType,
  Parent extends z.ZodType,
> {
  /** The collection, e.g. `/roles`; one record is `<path>/:id`. */
  path: string;
  tags: string[];
  /** The module whose `created`, `updated` and `deleted` messages answer the writes. */
  messages: string;
  /** The record as answered, and the body of a create (and of an update, unless that has its own). */
  item: Item;
  body: Body;
  updateBody?: UpdateBody;
  /** Reading one record; creating, updating and deleting one. */
  read: Permission;
  write: Permission;
  /** The update's own permission, when more roles may update (some fields of) a record than create one. */
  updatePermission?: Permission;
  /** The path parameters of one record (default `:id`) and of the collection (default none). */
  params?: Params;
  parentParams?: Parent;
  /** A create can be refused by the state of its parent (409), e.g. a region of a chain without regions. */
  createConflicts?: boolean;
  /** An update can be refused by another record (409), e.g. one that already has the same unique key. */
  updateConflicts?: boolean;
  get: (request: FastifyRequest, params: z.output<Params>) => Promise<z.input<Item>>;
  create: (request: FastifyRequest, body: z.output<Body>, params: z.output<Parent>) => Promise<z.input<Item>>;
  update: (request: FastifyRequest, params: z.output<Params>, body: z.output<UpdateBody>) => Promise<z.input<Item>>;
  remove: (request: FastifyRequest, params: z.output<Params>) => Promise<void>;
}

/**
 * The four routes every managed record has, wired the same way: GET `<path>/:id` (200), POST `<path>` (201),
 * PUT `<path>/:id` (200) and DELETE `<path>/:id` (200, payload null; 409 while in use); the writes answer `<messages>.created`,
 * `.updated` or `.deleted` in the caller's language. The list route stays with its module: its filters differ.
 */
export function recordRoutes<
  Item extends z.ZodType,
  Body extends z.ZodType,
  UpdateBody extends z.ZodType = Body,
  Params extends z.ZodType = typeof idParams,
  Parent extends z.ZodType = z.ZodUndefined,
>(app: FastifyInstance, routes: RecordRoutes<Item, Body, UpdateBody, Params, Parent>) {
  const { path, tags, item, body, messages } = routes;
  const updateBody = routes.updateBody ?? body;
  const params = routes.params ?? idParams;
  const parentParams = routes.parentParams ? { params: routes.parentParams } : {};
  const one = `${path}/:id`;
  const read = app.requirePermission(routes.read);
  const write = app.requirePermission(routes.write);
  const paramsOf = (request: FastifyRequest) => request.params as z.output<Params>;

  app.get(one, { schema: { tags, params, response: { 200: envelope(item) } }, onRequest: read }, async (request) => ({
    message: null,
    payload: await routes.get(request, paramsOf(request)),
  }));
  app.post(
    path,
    {
      schema: {
        tags,
        ...parentParams,
        body,
        response: { 201: envelope(item), ...(routes.createConflicts ? errorResponses(409) : {}) },
      },
      onRequest: write,
    },
    async (request, reply) =>
      created(
        reply,
        request.t(`${messages}.created`),
        await routes.create(request, request.body as z.output<Body>, request.params as z.output<Parent>),
      ),
  );
  app.put(
    one,
    {
      schema: {
        tags,
        params,
        body: updateBody,
        response: { 200: envelope(item), ...(routes.updateConflicts ? errorResponses(409) : {}) },
      },
      onRequest: routes.updatePermission ? app.requirePermission(routes.updatePermission) : write,
    },
    async (request) => ({
      message: request.t(`${messages}.updated`),
      payload: await routes.update(request, paramsOf(request), request.body as z.output<UpdateBody>),
    }),
  );
  app.delete(
    one,
    // 409: the record is built in, or still in use (stores, orders or users refer to it).
    { schema: { tags, params, response: { 200: emptyEnvelope, ...errorResponses(409) } }, onRequest: write },
    async (request) => {
      await routes.remove(request, paramsOf(request));
      return { message: request.t(`${messages}.deleted`), payload: null };
    },
  );
}

/** A service whose records are read and written by id alone, answered in the caller's language. */
interface LocalizedRecords<Item, Body> {
  get(id: number, locale: Locale): Promise<Item>;
  create(body: Body, locale: Locale): Promise<Item>;
  update(id: number, body: Body, locale: Locale): Promise<Item>;
  remove(id: number, locale: Locale): Promise<void>;
}

/** recordRoutes' four handlers of such a service. */
export const inCallersLanguage = <Item, Body>(records: LocalizedRecords<Item, Body>) => ({
  get: (request: FastifyRequest, { id }: { id: number }) => records.get(id, request.locale),
  create: (request: FastifyRequest, body: Body) => records.create(body, request.locale),
  update: (request: FastifyRequest, { id }: { id: number }, body: Body) => records.update(id, body, request.locale),
  remove: (request: FastifyRequest, { id }: { id: number }) => records.remove(id, request.locale),
});
