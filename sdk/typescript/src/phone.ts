// The phone's side of offline credentials, on an app token: register the device key, fetch and
// cache a credential per key (renewed before it expires, which is also how revocations reach
// locks), answer a lock's challenge with the credential for that lock, and queue what locks
// record to upload as events when online. The bytes signed at the door are the verifier
// package's (`answerChallenge` from latchkey-verifier, verifier/typescript): it is handed in, so
// this client and every lock agree on them by construction. Logging in (the one-time code) is the
// app API's `POST /v2/app/auth/otp` and `/v2/app/auth/token`; give the resulting token to the client.
import type { LatchkeyClient } from './client.ts';
import { LatchkeyError } from './errors.ts';

/** A lock's challenge as the link carries it. */
export interface Challenge {
  type: 'challenge';
  lockId: string;
  /** base64url */
  nonce: string;
}

/** The phone's answer as the link carries it. */
export interface Presentation {
  type: 'presentation';
  credential: string;
  devicePublicKey: string;
  signature: string;
}

/** `answerChallenge` of latchkey-verifier: signs the lock's nonce with the device key. */
export type AnswerChallenge = (
  challenge: Challenge,
  credential: string,
  device: CryptoKeyPair,
) => Promise<Presentation>;

/** What a lock recorded, as `POST /v2/app/events` takes it (the lock's `event` of an opening). */
export interface LockEvent {
  id: string;
  keyId: string;
  action: 'unlocked' | 'locked';
  created: string;
}

export interface CachedCredential {
  keyId: string;
  lockId: string;
  credential: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** What a phone keeps between runs (persist it as JSON in the app's storage). */
export interface PhoneState {
  deviceId?: string;
  credentials: CachedCredential[];
  queue: LockEvent[];
}

export interface PhoneOptions {
  /** A client holding the app user's token. */
  client: LatchkeyClient;
  /** The device key pair; the private key may be non-extractable (a platform keystore's). */
  keys: CryptoKeyPair;
  answerChallenge: AnswerChallenge;
  /** A state saved before (`phone.state()`). */
  state?: PhoneState;
  /** Renew a credential when less than this is left (default 6 hours). */
  renewBeforeMs?: number;
  now?: () => number;
}

export interface UploadResult {
  accepted: string[];
  duplicate: string[];
  rejected: { id: string; reason: string }[];
}

const UPLOAD_BATCH = 1000;

export class LatchkeyPhone {
  readonly #o: PhoneOptions;
  readonly #now: () => number;
  #state: PhoneState;

  constructor(options: PhoneOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
    this.#state = structuredClone(options.state ?? { credentials: [], queue: [] });
  }

  /** A copy of what to persist. */
  state(): PhoneState {
    return structuredClone(this.#state);
  }

  get deviceId(): string | undefined {
    return this.#state.deviceId;
  }

  /** Registers the device key (once; a registered phone keeps its device id). */
  async registerDevice(name?: string): Promise<string> {
    if (this.#state.deviceId) return this.#state.deviceId;
    const { kty, crv, x, y } = await crypto.subtle.exportKey('jwk', this.#o.keys.publicKey);
    const { device } = await this.#o.client.post('/v2/app/devices', {
      body: { publicKey: { kty, crv, x, y }, ...(name ? { name } : {}) },
    });
    this.#state.deviceId = device.id;
    return device.id;
  }

  /**
   * Brings the cache up to date with the app user's keys: fetches a credential for each key that
   * has none or whose credential ends within the renewal margin, and forgets those of keys no
   * longer listed (revoked, expired). A key the service will not give one for yet (it starts
   * later) is skipped; it is tried again on the next refresh.
   */
  async refresh(): Promise<CachedCredential[]> {
    const deviceId = this.#state.deviceId;
    if (!deviceId) throw new Error('register the device first (registerDevice)');
    const listed = new Set<string>();
    for await (const key of this.#o.client.paginate('/v2/app/keys')) {
      listed.add(key.id);
      const cached = this.#state.credentials.find((c) => c.keyId === key.id);
      if (cached && cached.expiresAt - this.#now() > (this.#o.renewBeforeMs ?? 6 * 3_600_000)) continue;
      try {
        const r = await this.#o.client.get('/v2/app/keys/{keyId}/credential', {
          path: { keyId: key.id },
          query: { deviceId },
        });
        const fresh = {
          keyId: key.id,
          lockId: r.lockId,
          credential: r.credential,
          expiresAt: Date.parse(r.expiresAt),
        };
        this.#state.credentials = [...this.#state.credentials.filter((c) => c.keyId !== key.id), fresh];
      } catch (e) {
        if (!(e instanceof LatchkeyError) || e.status !== 409) throw e;
      }
    }
    this.#state.credentials = this.#state.credentials.filter(
      (c) => listed.has(c.keyId) && c.expiresAt > this.#now(),
    );
    return this.state().credentials;
  }

  /** The cached credential for a lock that lasts longest, or undefined. */
  credentialFor(lockId: string): CachedCredential | undefined {
    const now = this.#now();
    return this.#state.credentials
      .filter((c) => c.lockId === lockId && c.expiresAt > now)
      .sort((a, b) => b.expiresAt - a.expiresAt)[0];
  }

  /** The answer to a lock's challenge, with the cached credential for that lock. */
  async answer(challenge: Challenge): Promise<Presentation> {
    const c = this.credentialFor(challenge.lockId);
    if (!c) throw new Error(`no credential for lock ${challenge.lockId}: refresh() while online`);
    return this.#o.answerChallenge(challenge, c.credential, this.#o.keys);
  }

  /** Queues what a lock recorded, to upload when online. */
  record(event: LockEvent): void {
    if (!this.#state.queue.some((e) => e.id === event.id)) this.#state.queue.push(event);
  }

  get queued(): readonly LockEvent[] {
    return this.#state.queue;
  }

  /**
   * Uploads the queue (in batches of 1,000). Every event the service answered leaves the queue:
   * accepted, a duplicate (already uploaded), or rejected with a reason (retrying cannot change it).
   * A failed request leaves the rest queued for the next try.
   */
  async upload(): Promise<UploadResult> {
    const out: UploadResult = { accepted: [], duplicate: [], rejected: [] };
    while (this.#state.queue.length > 0) {
      const batch = this.#state.queue.slice(0, UPLOAD_BATCH);
      const { results } = await this.#o.client.post('/v2/app/events', { body: { events: batch } });
      for (const r of results as { id: string; status: string; reason?: string }[]) {
        if (r.status === 'accepted') out.accepted.push(r.id);
        else if (r.status === 'duplicate') out.duplicate.push(r.id);
        else out.rejected.push({ id: r.id, reason: r.reason ?? r.status });
      }
      const answered = new Set(batch.map((e) => e.id));
      this.#state.queue = this.#state.queue.filter((e) => !answered.has(e.id));
    }
    return out;
  }
}
