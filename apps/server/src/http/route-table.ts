import {
  errorBodySchema,
  ROUTE_SCHEMAS,
  routeOf,
  type RouteName,
  type RouteSchemas,
  type RouteTable,
} from '@portal/domain';

type Field<T, K extends string> = T extends { [P in K]: infer V } ? V : undefined;
type ErrorStatuses<N extends RouteName> = RouteTable[N]['errors'][number];

/** A route's Fastify options from its entry in the route table (packages/domain/src/api). */
export interface TableRoute<N extends RouteName> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  schema: {
    tags: string[];
    summary: string;
    description?: string;
    consumes?: string[];
    params: Field<RouteTable[N], 'params'>;
    querystring: Field<RouteTable[N], 'query'>;
    body: Field<RouteTable[N], 'body'>;
    headers: Field<RouteTable[N], 'headers'>;
    response: { 200: RouteTable[N]['answer'] } & {
      [S in ErrorStatuses<N>]: typeof errorBodySchema;
    };
  };
}

/**
 * The method, URL (`/api/org/:org/…`) and schema of route `name`, from the one route table:
 * params, query, body and headers validate the request, the answer and error bodies document
 * the responses (/api/docs). The route module adds its config and handler.
 */
export function fromTable<N extends RouteName>(
  name: N,
  extra: { description?: string } = {},
): TableRoute<N> {
  const spec: RouteSchemas = ROUTE_SCHEMAS[name];
  const { method, path } = routeOf(name);
  const response: Record<number, unknown> = {
    // A stream is documented by its content type; other answers (JSON, CSV text) by their schema.
    200:
      spec.answerType === 'text/event-stream'
        ? {
            description: 'A text/event-stream of `message` events',
            content: { 'text/event-stream': { schema: spec.answer } },
          }
        : spec.answer,
  };
  for (const status of spec.errors) response[status] = errorBodySchema;
  const schema = {
    tags: [...spec.tags],
    summary: spec.summary,
    ...extra,
    ...(spec.multipart && { consumes: ['multipart/form-data'] }),
    ...(spec.params && { params: spec.params }),
    ...(spec.query && { querystring: spec.query }),
    ...(spec.body && { body: spec.body }),
    ...(spec.headers && { headers: spec.headers }),
    response,
  };
  return {
    method,
    url: path.replace(/\{(\w+)\}/g, ':$1'),
    schema: schema as unknown as TableRoute<N>['schema'],
  };
}
