// A phone fetches a credential for one of its keys, bound to one of its devices, to open the key's
// lock offline.
import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../http/operations.ts';
import { Uuid } from '../../http/schemas.ts';
import { appAuth as auth, appCaller as caller } from '../app/caller.ts';
import { credentialIssue } from './issue.ts';
import { CredentialQuery, CredentialResponse } from './schema.ts';

export const credentialOperations = [
  defineOperation({
    operationId: 'appKeysCredential',
    method: 'GET',
    path: '/v2/app/keys/:keyId/credential',
    tags: ['app'],
    summary: 'A credential for one of your keys, bound to one of your devices, to open its lock offline',
    description:
      "`nbf` is the key's start or now; `exp` the earlier of the key's end and now + LATCHKEY_CREDENTIAL_TTL_HOURS. Fetch a new one before it expires (daily): each carries the lock's newest revocation list. A revoked or ended key, a key that starts after a credential made now would expire, or a device that is not yours (or was deleted) is 409 with the reason; another user's key is 404.",
    auth,
    params: Type.Object({ keyId: Uuid }),
    query: CredentialQuery,
    success: { status: 200, schema: CredentialResponse },
    handler: (request, _reply, ctx) =>
      credentialIssue(ctx, caller(request), request.params.keyId, request.query.deviceId),
  }),
];
