// Request and response types derived from the generated `paths` (src/openapi.ts): a path and a
// method pick the operation; its path and query parameters, JSON body and success body follow.
import type { paths } from './openapi.ts';

export type { components, paths } from './openapi.ts';

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** Paths that have an operation for the method. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P][M & keyof paths[P]] extends { responses: unknown } ? P : never;
}[keyof paths];

/** The operation at a path and method. */
export type Operation<P extends keyof paths, M extends Method> = paths[P][M & keyof paths[P]];

type Parameters<O> = O extends { parameters: infer X } ? X : never;
type PathParameters<O> = Parameters<O> extends { path: infer X } ? X : never;
type QueryParameters<O> = Parameters<O> extends { query?: infer X } ? X : never;

type JsonContent<B> = [B] extends [never]
  ? never
  : B extends { content: { 'application/json': infer J } }
    ? J
    : never;

/** The operation's JSON request body (never when it takes none). */
export type RequestBody<O> = JsonContent<NonNullable<O extends { requestBody?: infer B } ? B : never>>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The operation's JSON success body (undefined for 204 No Content). */
export type ResponseBody<O> = O extends { responses: infer R }
  ? {
      [S in keyof R & SuccessStatus]: R[S] extends { content: { 'application/json': infer J } }
        ? J
        : undefined;
    }[keyof R & SuccessStatus]
  : never;

/** What one call takes besides the method and path. */
export type RequestInit<O> = ([PathParameters<O>] extends [never]
  ? { path?: undefined }
  : { path: PathParameters<O> }) &
  ([QueryParameters<O>] extends [never] ? { query?: undefined } : { query?: QueryParameters<O> }) &
  ([RequestBody<O>] extends [never] ? { body?: undefined } : { body: RequestBody<O> }) & {
    /** Extra request headers. */
    headers?: Record<string, string>;
    /** Idempotency-Key for a POST; one is generated when omitted (the same one on every retry). */
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

/** The init argument: optional when the operation needs no path parameters and no body. */
// biome-ignore lint/complexity/noBannedTypes: {} here means "an init with nothing in it"
export type InitArgs<O> = {} extends RequestInit<O> ? [init?: RequestInit<O>] : [init: RequestInit<O>];

/** The element type of the one array property of a page (`{ locks: Lock[], startAfterId? }` → Lock). */
export type PageItem<B> = {
  [K in keyof B]-?: NonNullable<B[K]> extends readonly (infer I)[] ? I : never;
}[keyof B];

/** GET paths whose operation takes `startAfterId` (pages). */
export type PagedPaths = {
  [P in PathsWith<'get'>]: [NonNullable<QueryParameters<Operation<P, 'get'>>>] extends [never]
    ? never
    : 'startAfterId' extends keyof NonNullable<QueryParameters<Operation<P, 'get'>>>
      ? P
      : never;
}[PathsWith<'get'>];
