// The console's only way to the server: the public HTTP API, as any integrator or operator would
// call it. Errors come back as problem+json (or OAuth JSON from the token endpoint) and are thrown
// as ApiError so screens can show the server's own words.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: any,
  ) {
    super(
      body?.detail ?? body?.error_description ?? body?.title ?? body?.error ?? `Request failed (${status})`,
    );
  }
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export async function call<T = any>(method: string, path: string, o: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...o.headers };
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const r = await fetch(path, {
    method,
    headers,
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  const text = await r.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = { detail: text };
  }
  if (!r.ok) throw new ApiError(r.status, body);
  return body as T;
}
