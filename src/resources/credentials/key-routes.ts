// A project's credential issuer keys: the key set a lock is provisioned with, and rotation.
import { auditNote } from '../../audit/run.ts';
import { conflict, found } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { ProjectParams } from '../locks/schema.ts';
import { projectAdminOrInstaller as adminOrInstaller, projectAdmin } from '../projects/auth.ts';
import { issuerKeyRotate, issuerKeySetWithStates } from './issuer-keys.ts';
import { IssuerJwkSchema, IssuerKeySetSchema, IssuerKeyStateSchema } from './schema.ts';

const tags = ['credentials'];
const components = [IssuerJwkSchema, IssuerKeyStateSchema];

export const credentialKeyOperations = [
  defineOperation({
    operationId: 'credentialKeysList',
    method: 'GET',
    path: '/v2/projects/:projectId/credential-keys',
    tags,
    summary: "The project's issuer key set for offline credentials (public keys; made on first use)",
    description:
      '`keys` is the JWK set a lock is provisioned with; `states` says, for each of its keys, when it was made, whether it signs new credentials now, and until when a rotated-out key stays listed.',
    auth: adminOrInstaller,
    components,
    params: ProjectParams,
    success: { status: 200, schema: IssuerKeySetSchema },
    handler: (request, _reply, ctx) =>
      found('project', issuerKeySetWithStates(ctx.db, ctx.keyring, request.params.projectId)),
  }),

  defineOperation({
    operationId: 'credentialKeysRotate',
    method: 'POST',
    audit: 'credentialKey.rotated',
    path: '/v2/projects/:projectId/credential-keys/rotate',
    tags,
    summary: 'Make a new issuer key that signs from now on; the old one stays listed',
    description:
      'The key that signed until now stays in the key set for the credential lifetime (LATCHKEY_CREDENTIAL_TTL_HOURS) and 30 days more, so credentials it signed keep opening locks until they expire. Locks accept credentials of the new key once they are given a bundle that lists it: re-provision them. A lock holds at most 8 keys, so a rotation that would list a ninth is 409.',
    auth: projectAdmin,
    components,
    params: ProjectParams,
    success: { status: 200, schema: IssuerKeySetSchema },
    handler: async (request, _reply, ctx) => {
      const { projectId } = request.params;
      const r = await found(
        'project',
        ctx.db.transaction((tx) =>
          issuerKeyRotate(tx, ctx.keyring, projectId, ctx.config.credentialTtlHours),
        ),
      );
      if ('full' in r)
        throw conflict(
          'the key set already lists 8 keys, the most a lock holds: wait until a rotated-out key leaves the set',
        );
      // The record names the key made and the one it replaced (the answer is a key set, not one resource).
      auditNote(request, {
        resourceId: r.kid,
        changes: { before: r.previousKid ? { kid: r.previousKid } : undefined, after: { kid: r.kid } },
      });
      return found('project', issuerKeySetWithStates(ctx.db, ctx.keyring, projectId));
    },
  }),
];
