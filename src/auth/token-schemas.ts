// Schemas of the token endpoints, for the OpenAPI document and response serialization.
import { Type } from '@sinclair/typebox';
import { V2_SCOPES } from './scopes.ts';

/**
 * Resource discovery takes only the client's credentials: HTTP Basic (client_secret_basic), or
 * these two fields as JSON or a form (client_secret_post), never both.
 */
export const ResourcesDiscoveryRequestSchema = Type.Object(
  {
    client_id: Type.Optional(
      Type.String({ maxLength: 255, description: 'Or use HTTP Basic (client_secret_basic)' }),
    ),
    client_secret: Type.Optional(Type.String({ maxLength: 255 })),
  },
  { title: 'ResourcesDiscoveryRequest' },
);

export const TokenRequestSchema = Type.Object(
  {
    grant_type: Type.Literal('client_credentials'),
    client_id: Type.Optional(
      Type.String({ maxLength: 255, description: 'Or use HTTP Basic (client_secret_basic)' }),
    ),
    client_secret: Type.Optional(Type.String({ maxLength: 255 })),
    scope: Type.String({ enum: [...V2_SCOPES] }),
    organization_id: Type.Optional(
      Type.String({ format: 'uuid', description: 'Required for organization.admin' }),
    ),
    project_id: Type.Optional(Type.String({ format: 'uuid', description: 'Required for project scopes' })),
  },
  {
    examples: [
      {
        grant_type: 'client_credentials',
        client_id: '0193a1b2-7c4d-7e5f-8a9b-0c1d2e3f4a5b',
        client_secret: 'lk_secret_…',
        scope: 'project.admin',
        project_id: '0193a1b2-8d6e-7f70-9a1b-2c3d4e5f6a7b',
      },
    ],
  },
);

export function tokenResponseSchema(scopeAsArray: boolean) {
  return Type.Object({
    access_token: Type.String({ description: 'ES256 JWT (RFC 9068)' }),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer({ examples: [3600] }),
    scope: scopeAsArray ? Type.Array(Type.String()) : Type.String(),
    organization_id: Type.String({ format: 'uuid' }),
    project_id: Type.Optional(Type.String({ format: 'uuid' })),
  });
}

export const ResourcesSchema = Type.Object({
  resources: Type.Object({
    projects: Type.Array(Type.Object({ projectId: Type.String({ format: 'uuid' }), scope: Type.String() })),
    organizations: Type.Array(
      Type.Object({ organizationId: Type.String({ format: 'uuid' }), scope: Type.String() }),
    ),
    subprojects: Type.Array(Type.Unknown()),
  }),
});
