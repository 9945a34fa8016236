export const OPENAPI_JSON: string;
export const TYPES_FILE: string;
export function generateTypes(openapiJson?: string): Promise<string>;
