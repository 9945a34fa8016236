// THE operations table: every HTTP operation the service answers, in the order the API document
// lists them. app.ts registers it (src/http/operations.ts); the tenant matrix, the JWT-attack suite
// and the OpenAPI tests walk it. To add an operation, see docs/architecture.md.
import { auditOperations } from './audit/routes.ts';
import { tokenOperations } from './auth/token-routes.ts';
import { v1TokenOperations } from './auth/v1-token-routes.ts';
import { wellKnownOperations } from './auth/well-known-routes.ts';
import { bridgeChannelOperations } from './bridge/routes.ts';
import type { Operation } from './http/operations.ts';
import { monitoringOperations } from './monitoring/routes.ts';
import { accessLogOperations } from './resources/access-log/routes.ts';
import { activitySummaryOperations } from './resources/activity-summary/routes.ts';
import { adminOperations } from './resources/admin/routes.ts';
import { appAuthOperations } from './resources/app/auth-routes.ts';
import { appOperations } from './resources/app/routes.ts';
import { bridgeOperations } from './resources/bridges/routes.ts';
import { credentialOperations } from './resources/credentials/credential-routes.ts';
import { credentialKeyOperations } from './resources/credentials/key-routes.ts';
import { provisioningOperations } from './resources/credentials/provisioning-routes.ts';
import { projectDeviceOperations } from './resources/devices/project-routes.ts';
import { deviceOperations } from './resources/devices/routes.ts';
import { keyOperations } from './resources/keys/routes.ts';
import { lockActivityOperations } from './resources/lock-activity/routes.ts';
import { lockConnectionOperations } from './resources/lock-connections/routes.ts';
import { lockHolderOperations } from './resources/lock-holders/routes.ts';
import { lockOperations } from './resources/locks/routes.ts';
import { managedUserOperations } from './resources/managed-users/routes.ts';
import { organizationOperations } from './resources/organizations/routes.ts';
import { projectOperations } from './resources/projects/routes.ts';
import { remoteOperationOperations } from './resources/remote-operation/routes.ts';
import { sharingRightOperations } from './resources/sharing-rights/routes.ts';
import { deliveryOperations } from './resources/webhooks/deliveries-routes.ts';
import { eventTypeOperations } from './resources/webhooks/event-types-routes.ts';
import { webhookOperations } from './resources/webhooks/routes.ts';

export const operations: readonly Operation[] = [
  ...monitoringOperations,
  ...wellKnownOperations,
  ...tokenOperations,
  ...adminOperations,
  ...organizationOperations,
  ...bridgeOperations,
  ...bridgeChannelOperations,
  ...projectOperations,
  ...lockOperations,
  ...lockConnectionOperations,
  ...lockActivityOperations,
  ...managedUserOperations,
  ...keyOperations,
  ...sharingRightOperations,
  ...v1TokenOperations,
  ...lockHolderOperations,
  ...appAuthOperations,
  ...appOperations,
  ...deviceOperations,
  ...projectDeviceOperations,
  ...credentialOperations,
  ...credentialKeyOperations,
  ...provisioningOperations,
  ...remoteOperationOperations,
  ...accessLogOperations,
  ...activitySummaryOperations,
  ...webhookOperations,
  ...eventTypeOperations,
  ...deliveryOperations,
  ...auditOperations,
];
