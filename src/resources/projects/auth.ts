// Who may call the operations on a project's resources (the `auth` of their declarations).
import type { Auth } from '../../http/operations.ts';

/**
 * A v2 token holding project.admin on the path's project: what the operations on a project's
 * resources ask for, except where an operation also lets project.installer in (locks).
 */
export const projectAdmin: Auth = { kind: 'bearer', scopes: ['project.admin'], resource: 'project' };

/** project.admin or project.installer on the path's project: reading locks, onboarding them, provisioning. */
export const projectAdminOrInstaller: Auth = {
  kind: 'bearer',
  scopes: ['project.admin', 'project.installer'],
  resource: 'project',
};
