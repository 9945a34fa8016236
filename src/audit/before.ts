// What a resource looked like before a change, read in the change's transaction, for the `before`
// side of its audit record. One reader per resource type whose id is in the operation's path; a
// type without one records only what the change produced.
import type { Queryable } from '../db/db.ts';
import { clientFindById } from '../resources/admin/service.ts';
import { presentKey } from '../resources/keys/present.ts';
import { keyFindById } from '../resources/keys/queries.ts';
import { presentLock } from '../resources/locks/present.ts';
import { lockFindById } from '../resources/locks/queries.ts';
import { presentManagedUser } from '../resources/managed-users/present.ts';
import { managedUserFind } from '../resources/managed-users/queries.ts';
import { presentWebhook } from '../resources/webhooks/present.ts';
import { webhookFindById } from '../resources/webhooks/queries.ts';

type Params = Record<string, string | undefined>;
type Reader = (q: Queryable, p: Params) => Promise<unknown>;

const inProject =
  <R>(
    find: (q: Queryable, projectId: string, id: string) => Promise<R | undefined>,
    present: (r: R) => unknown,
    idParam: string,
  ): Reader =>
  async (q, p) => {
    if (!p.projectId || !p[idParam]) return undefined;
    const r = await find(q, p.projectId, p[idParam]);
    return r === undefined ? undefined : present(r);
  };

export const BEFORE: Record<string, Reader> = {
  key: inProject(keyFindById, (k) => presentKey(k), 'keyId'),
  lock: inProject(lockFindById, presentLock, 'lockId'),
  managedUser: inProject(managedUserFind, presentManagedUser, 'appUserId'),
  webhook: inProject(webhookFindById, presentWebhook, 'webhookId'),
  client: async (q, p) => (p.clientId ? clientFindById(q, p.clientId) : undefined),
};

/** The path parameter naming the resource an operation changes (`keyId` for a key). */
export const ID_PARAM: Record<string, string> = {
  managedUser: 'appUserId',
  appUser: 'appUserId',
  apiPermission: 'clientId',
  grant: 'clientId',
  delivery: 'deliveryId',
};
