// A lock's provisioning bundle: what an installer gives a lock once so that it checks credentials
// offline (its id and zone with the zone's UTC offsets, the issuer key set, the revocation list).
import { provisioningBundle } from '../../credentials/provisioning.ts';
import { found } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { lockFindById } from '../locks/queries.ts';
import { LockParams } from '../locks/schema.ts';
import { projectAdminOrInstaller } from '../projects/auth.ts';
import { issuerKeySet } from './issuer-keys.ts';
import { lockRevocationList } from './revocation-queries.ts';
import { IssuerJwkSchema, ProvisioningComponents, ProvisioningSchema } from './schema.ts';

export const provisioningOperations = [
  defineOperation({
    operationId: 'locksProvisioning',
    method: 'GET',
    path: '/v2/projects/:projectId/locks/:lockId/provisioning',
    tags: ['credentials'],
    summary: "The lock's provisioning bundle: everything it needs to check offline credentials",
    description:
      "Give it to the lock over a channel the installer trusts (the lock maker's commissioning): the lock believes the issuer keys it lists. Provision again after an issuer key rotation, and when the zone's rules change.",
    auth: projectAdminOrInstaller,
    components: [IssuerJwkSchema, ...ProvisioningComponents],
    params: LockParams,
    success: { status: 200, schema: ProvisioningSchema },
    handler: async (request, _reply, ctx) => {
      const { projectId, lockId } = request.params;
      const lock = await found('lock', lockFindById(ctx.db, projectId, lockId));
      const keys = await found('project', issuerKeySet(ctx.db, ctx.keyring, projectId));
      const now = new Date();
      return provisioningBundle({
        lockId: lock.id,
        timezone: lock.timezone,
        issuer: ctx.config.publicUrl,
        keys,
        revocation: await lockRevocationList(ctx.db, lock.id, ctx.config.credentialTtlHours, now),
        now,
      });
    },
  }),
];
