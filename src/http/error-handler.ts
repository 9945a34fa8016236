// The ONE place errors become responses. Client mistakes become precise 4xx; anything unexpected
// becomes a bare 500 carrying only the request id (the cause is logged, never sent).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StoreUnavailableError } from '../db/errors.ts';
import { BODY_LIMIT, bodyLimitWords } from '../server-options.ts';
import {
  ApiError,
  type InvalidParam,
  PROBLEMS,
  type ProblemName,
  problemOfStatus,
  problemType,
} from './errors.ts';
import { NO_STORE, OAUTH_ERRORS, OAuthError, type OAuthErrorCode } from './oauth-errors.ts';
import { type AjvError, invalidParamsFromAjv } from './validation-messages.ts';

export { invalidParamsFromAjv } from './validation-messages.ts';

function isOAuthRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config?.oauth === true;
}

/** An error body lists at most this many invalid parameters (the detail says how many more). */
export const INVALID_PARAMS_MAX = 50;
/** Parameter names (which may be unknown field names of any length) are cut to this length. */
export const PARAM_NAME_MAX_LENGTH = 200;

function boundedInvalidParams(list: readonly InvalidParam[]): InvalidParam[] {
  return list.slice(0, INVALID_PARAMS_MAX).map(({ name, reason }) => ({
    name: name.length > PARAM_NAME_MAX_LENGTH ? `${name.slice(0, PARAM_NAME_MAX_LENGTH)}…` : name,
    reason,
  }));
}

function sendProblem(
  reply: FastifyReply,
  name: ProblemName,
  detail: string,
  invalidParams?: InvalidParam[],
  headers: Record<string, string> = {},
  status: number = PROBLEMS[name].status,
) {
  const body: Record<string, unknown> = {
    type: problemType(name),
    title: PROBLEMS[name].title,
    status,
    detail,
  };
  if (invalidParams?.length) {
    body.invalidParams = boundedInvalidParams(invalidParams);
    const more = invalidParams.length - INVALID_PARAMS_MAX;
    if (more > 0)
      body.detail = `${detail}; ${more} more invalid parameter${more === 1 ? '' : 's'} not listed`;
  }
  if (status >= 500) body.requestId = reply.request.id;
  return reply.code(status).headers(headers).type('application/problem+json').send(body);
}

function sendOAuth(
  reply: FastifyReply,
  status: number,
  error: OAuthErrorCode,
  description: string,
  headers = {},
) {
  return reply
    .code(status)
    .headers({ ...headers, ...NO_STORE })
    .type('application/json')
    .send({ error, error_description: description });
}

/** Maps framework errors (parsing, validation) to a status and a sentence. */
function clientErrorOf(
  err: FastifyError,
  request: FastifyRequest,
): { name: ProblemName; status?: number; detail: string; params?: InvalidParam[] } | undefined {
  if (err.validation) {
    const ctx = (err as { validationContext?: string }).validationContext;
    if (ctx === 'params') return { name: 'not-found', detail: 'No resource at this path' };
    const params = invalidParamsFromAjv(err.validation as unknown as AjvError[]);
    return {
      name: 'validation-error',
      detail: `Invalid ${ctx === 'querystring' ? 'query parameters' : ctx === 'headers' ? 'request headers' : 'request body'}`,
      params,
    };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        name: 'payload-too-large',
        detail: `Request body exceeds ${bodyLimitWords(request.routeOptions.bodyLimit ?? BODY_LIMIT)}`,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { name: 'unsupported-media-type', detail: 'Content-Type must be application/json' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { name: 'validation-error', detail: 'Request body is not valid JSON' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { name: 'validation-error', detail: 'Content-Length does not match the body' };
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return { name: 'validation-error', detail: 'Malformed URL' };
  }
  if (err instanceof SyntaxError || err.name === 'SyntaxError')
    return { name: 'validation-error', detail: 'Request body is not valid JSON' };
  const s = err.statusCode;
  if (s && s >= 400 && s < 500) {
    const name = problemOfStatus(s);
    return { name, status: s, detail: PROBLEMS[name].title };
  }
  return undefined;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const oauth = isOAuthRoute(request);
    if (err instanceof OAuthError)
      return sendOAuth(reply, err.status, err.code, err.description, err.headers);
    if (err instanceof ApiError) {
      if (oauth)
        return sendOAuth(
          reply,
          err.status,
          err.status === 401 ? 'invalid_client' : 'invalid_request',
          err.detail,
        );
      return sendProblem(reply, err.problem, err.detail, err.extra.invalidParams, err.extra.headers);
    }
    if (err instanceof StoreUnavailableError) {
      request.log.warn({ err: err.cause, reason: err.reason }, err.message);
      return sendProblem(reply, 'service-unavailable', 'The store is unavailable; retry shortly', undefined, {
        'retry-after': '1',
      });
    }
    const client = clientErrorOf(err, request);
    if (client) {
      const status = client.status ?? PROBLEMS[client.name].status;
      if (oauth) return sendOAuth(reply, status, 'invalid_request', client.detail);
      return sendProblem(reply, client.name, client.detail, client.params, {}, status);
    }
    request.log.error({ err }, 'unhandled error');
    if (oauth)
      return sendOAuth(
        reply,
        OAUTH_ERRORS.server_error.status,
        'server_error',
        OAUTH_ERRORS.server_error.description,
      );
    return sendProblem(reply, 'internal-error', 'Internal error; quote the request id when reporting it');
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, 'not-found', `No route for ${request.method} ${request.url.split('?')[0]}`),
  );
}
