// An app user's devices as a project's integrator sees them: which phones of a person in the project
// have device keys, told apart by name, thumbprint and when each last fetched a credential for this
// project's keys. Read only: the devices are the app user's own (registered and deleted in the app).
import { Type } from '@sinclair/typebox';
import { notFound } from '../../http/errors.ts';
import { defineOperation } from '../../http/operations.ts';
import { projectAdmin } from '../projects/auth.ts';
import { presentProjectDevice } from './present.ts';
import { appUserInProject, deviceListForProject } from './queries.ts';
import { AppUserDevicesParams, ProjectDeviceSchema } from './schema.ts';

export const projectDeviceOperations = [
  defineOperation({
    operationId: 'appUserDevicesList',
    method: 'GET',
    path: '/v2/projects/:projectId/app-users/:appUserId/devices',
    tags: ['credentials'],
    summary: "An app user's registered devices, oldest first, with when each last fetched a credential here",
    description:
      "For an app user of the project: a managed user (creating a key for someone makes one), or someone holding a key or a sharing right in it that is not revoked. Anyone else is 404, whether or not they have devices, so that a phone number's devices cannot be looked up from another project. The credentials a phone holds are bound to one device (`cnf.jkt` is the device's thumbprint): this tells a person's phones apart.",
    auth: projectAdmin,
    components: [ProjectDeviceSchema],
    params: AppUserDevicesParams,
    success: { status: 200, schema: Type.Object({ devices: Type.Array(ProjectDeviceSchema) }) },
    handler: async (request, _reply, ctx) => {
      const { projectId, appUserId } = request.params;
      if (!(await appUserInProject(ctx.db, projectId, appUserId))) throw notFound('app user');
      return {
        devices: (await deviceListForProject(ctx.db, projectId, appUserId)).map(presentProjectDevice),
      };
    },
  }),
];
