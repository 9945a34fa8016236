export const OPENAPI_JSON: string;
export const TYPES_FILE: string;
export const OPERATIONS_FILE: string;
export function generateFiles(openapiJson?: string): Promise<Record<string, string>>;
export function writeFiles(): Promise<string[]>;
