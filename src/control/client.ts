// The CLI's side of the control socket (socket.ts): a request to the server that owns the embedded
// store, or `undefined` when no server listens there (then the CLI opens the store itself).
import { existsSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { controlSocketPath } from './socket.ts';

export async function controlRequest(
  dataDir: string,
  method: 'GET' | 'POST',
  path: string,
): Promise<IncomingMessage | undefined> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, method, path }, resolve);
    req.on('error', (e: NodeJS.ErrnoException) =>
      // A socket file left by a killed server: nobody answers.
      e.code === 'ECONNREFUSED' || e.code === 'ENOENT' ? resolve(undefined) : reject(e),
    );
    req.end();
  });
}

/** The NDJSON lines of an answer, as they arrive. */
export async function* ndjsonLines(res: IncomingMessage): AsyncGenerator<Record<string, unknown>> {
  let buffered = '';
  for await (const chunk of res) {
    buffered += String(chunk);
    let nl = buffered.indexOf('\n');
    while (nl >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.trim()) yield JSON.parse(line) as Record<string, unknown>;
      nl = buffered.indexOf('\n');
    }
  }
}
