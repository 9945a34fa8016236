// Batch endpoints (keys, sharing rights) answer ONE 400 naming every bad item: the items the schema
// rejects (`keys.17.appUserId`) and those only the store can judge (`keys.3.lockId`). Their routes
// set `attachValidation: true` and call this to collect the schema's part instead of throwing it.
import type { FastifyRequest } from 'fastify';
import { invalidParamsFromAjv } from './error-handler.ts';
import { badRequest, type InvalidParam } from './errors.ts';

/**
 * The schema problems of the items of `body[arrayName]`. Anything wrong outside the items (a
 * missing array, an unknown top-level field, a bad path or query) is thrown as usual: without a
 * well-formed array there are no items to check further.
 */
export function batchItemProblems(request: FastifyRequest, arrayName: string): InvalidParam[] {
  const invalid = request.validationError as
    | (Error & { validationContext?: string; validation?: unknown })
    | undefined;
  if (!invalid) return [];
  if (invalid.validationContext !== 'body') throw invalid;
  const problems = invalidParamsFromAjv(invalid.validation as Parameters<typeof invalidParamsFromAjv>[0]);
  const item = new RegExp(`^${arrayName}\\.\\d+(\\.|$)`);
  if (!problems.every((p) => item.test(p.name))) throw badRequest('Invalid request body', problems);
  return problems;
}
