// Compression of API answers. A screen of the console (or an integrator's page of the access log)
// carries tens of KiB of JSON that compresses four- to tenfold; on a phone's connection that is the
// difference between waiting and not. Small answers (a token, a key) are sent as they are: below
// the threshold the bytes saved do not pay for the CPU, and the token endpoint stays as fast as it
// was. Compression runs in libuv's thread pool (zlib's async API), never on the event loop, and
// only after every other onSend step (the idempotency store keeps the plain answer).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers shorter than this many bytes are sent uncompressed: they fit one TCP segment anyway. */
export const COMPRESS_MIN_BYTES = 1400;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// Quality 4 / level 6: within a few percent of the best ratio on JSON at a small part of its CPU
// (the console's static assets are compressed once at quality 11 instead).
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS = { level: 6 };

/** The coding to use for an Accept-Encoding header (RFC 9110 §12.5.3), or undefined for none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  let br = false;
  let gzipOk = false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip' || name === 'x-gzip') gzipOk = true;
  }
  return br ? 'br' : gzipOk ? 'gzip' : undefined;
}

/** An onSend step: compresses a JSON answer of at least COMPRESS_MIN_BYTES when the client accepts it. */
export async function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload; // streams (SSE), empty
  if (reply.hasHeader('content-encoding')) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!/^application\/(?:[a-z.+-]+\+)?json\b/.test(type)) return payload;
  reply.header('vary', 'accept-encoding');
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < COMPRESS_MIN_BYTES) return payload;
  const coding = chooseEncoding(request.headers['accept-encoding']);
  if (!coding) return payload;
  const body = coding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gz(payload, GZIP_OPTIONS);
  reply.header('content-encoding', coding);
  reply.removeHeader('content-length');
  return body;
}
