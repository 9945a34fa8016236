// Generated from openapi.json (each operationId with its method and path): npm run openapi at the repository root.
// Do not edit: a test fails when this file differs from what openapi.json generates.

/** Every operation that has an operationId: its method and path. */
export const OPERATIONS = {
} as const;
