// ES256 signatures made on a worker thread, in batches. A signature (P-256 ECDSA with node:crypto)
// is a large share of a token grant's CPU, and on the event loop it ran while the machine's other
// cores sat idle. libuv's thread pool (crypto.sign with a callback) moved it off the loop but cost
// the loop almost as much per call (waking a pool thread and being woken back are system calls on
// every grant). Here the signatures requested together go to the thread in ONE message and come
// back in one. A message has its own cost to the loop, so they are gathered, but only while
// gathering can pay:
// - BATCH_MAX waiting go at once, and a batch must be small enough to fill while a wave of
//   requests is still being read: a batch too large to fill makes every grant wait for the timer,
//   the thread idle while the loop reads the rest of the wave, then the loop idle while the thread
//   signs it all. Batches of 16 start the thread while the loop is still reading.
// - Fewer waiting, in the thread and here, than a batch holds: no batch can fill, so waiting only
//   delays; they go at the end of this event-loop turn.
// - Otherwise they wait for at most GATHER_MS for more to join them.
// The batch sizes tried and what each gave are in docs/performance.md ("Token grants").
//
// One thread per process, shared by every AppContext (tests build many), started on first use.
// It only holds the event loop open while signatures are owed (a CLI that mints one token exits
// once it has it). If the thread fails, what it owed is signed on the event loop instead and the
// next batch starts a new thread: signing never stops working.
import type { KeyObject } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { derToJose, signEs256 } from '../crypto/es256.ts';

/** Signatures gathered for at most this long before they go to the thread. */
const GATHER_MS = 1;
/** ... or until this many are waiting (see above for why 16). */
const BATCH_MAX = 16;

/** A compact JWS's signature of `input` with `key` (base64url), as the thread makes it. */
export function jwsSignature(input: string, key: KeyObject): string {
  return signEs256(Buffer.from(input), key).toString('base64url');
}

// The thread's whole program (CommonJS, evaluated: the bundle stays one file). A message either
// brings a key (`kid`, `key`: KeyObjects can be posted to threads) or a batch to sign. The DER →
// JOSE conversion is the same function's text (crypto/es256.ts says why the key goes bare).
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { sign } = require('node:crypto');
const derToJose = (${derToJose.toString()});
const keys = new Map();
parentPort.on('message', (m) => {
  if (m.key) { keys.set(m.kid, m.key); return; }
  const out = m.inputs.map((input, i) => {
    try { return derToJose(sign('sha256', Buffer.from(input), keys.get(m.kids[i]))).toString('base64url'); }
    catch { return null; }
  });
  parentPort.postMessage(out);
});`;

interface Request {
  input: string;
  kid: string;
  key: KeyObject;
  resolve(signature: string): void;
  reject(e: Error): void;
}

class SignThread {
  private worker: Worker | undefined;
  /** Kids whose key the current thread has. */
  private known = new Set<string>();
  /** Batches sent, answered in order (one thread handles its messages one after the other). */
  private sent: Request[][] = [];
  private next: Request[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** A flush at the end of this event-loop turn. */
  private turnEnd: NodeJS.Immediate | undefined;

  sign(input: string, kid: string, key: KeyObject): Promise<string> {
    return new Promise((resolve, reject) => {
      this.next.push({ input, kid, key, resolve, reject });
      if (this.next.length >= BATCH_MAX) this.flush();
      else if (this.next.length + this.owed() < BATCH_MAX) this.turnEnd ??= setImmediate(() => this.flush());
      else this.timer ??= setTimeout(() => this.flush(), GATHER_MS);
    });
  }

  /** Signatures sent and not answered yet (a few batches at most: the thread answers in order). */
  private owed(): number {
    let n = 0;
    for (const b of this.sent) n += b.length;
    return n;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    clearImmediate(this.turnEnd);
    this.turnEnd = undefined;
    const batch = this.next;
    this.next = [];
    let worker: Worker;
    try {
      worker = this.thread();
      for (const r of batch) {
        if (this.known.has(r.kid)) continue;
        worker.postMessage({ kid: r.kid, key: r.key });
        this.known.add(r.kid);
      }
      worker.postMessage({ inputs: batch.map((r) => r.input), kids: batch.map((r) => r.kid) });
    } catch {
      signHere(batch);
      return;
    }
    this.sent.push(batch);
    worker.ref();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_SOURCE, { eval: true, name: 'latchkey-jwt-signer' });
    worker.unref();
    worker.on('message', (signatures: (string | null)[]) => {
      // A thread given up on (lost) has had its batches signed here already.
      if (this.worker !== worker) return;
      const batch = this.sent.shift() ?? [];
      batch.forEach((r, i) => {
        const s = signatures[i];
        if (typeof s === 'string') r.resolve(s);
        else signHere([r]);
      });
      if (this.sent.length === 0) worker.unref();
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.known = new Set();
      const owed = this.sent.flat();
      this.sent = [];
      signHere(owed);
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }
}

/** Signs on the event loop: the fallback when the thread cannot. */
function signHere(batch: readonly Request[]): void {
  for (const r of batch) {
    try {
      r.resolve(jwsSignature(r.input, r.key));
    } catch (e) {
      r.reject(e as Error);
    }
  }
}

const shared = new SignThread();

/** The base64url ES256 signature of `input`, made on the signing thread. */
export function signOnThread(input: string, kid: string, key: KeyObject): Promise<string> {
  return shared.sign(input, kid, key);
}
