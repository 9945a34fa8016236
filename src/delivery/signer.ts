// The headers of one delivery: Standard Webhooks signatures with the webhook's secret (and the
// previous one during the 24 h after a rotation) and Basic credentials, decrypted from their sealed
// form. Decrypting is AES-GCM with the master key on every attempt otherwise: the plain values are
// kept per sealed value, for at most 10,000 of them (then forgotten all at once).
import type { AppContext } from '../context.ts';
import type { ClaimedDelivery } from './queries.ts';
import { deliveryHeaders } from './sign.ts';

const REMEMBERED = 10_000;

export class DeliverySigner {
  private readonly plain = new Map<string, string>();

  constructor(
    private readonly keyring: AppContext['keyring'],
    private readonly userAgent: string,
  ) {}

  headersFor(d: ClaimedDelivery, timestamp: number): Record<string, string> {
    const secrets = [this.decrypt(d.secret_enc)];
    if (d.previous_secret_enc && d.previous_secret_until && d.previous_secret_until.getTime() > Date.now()) {
      secrets.push(this.decrypt(d.previous_secret_enc));
    }
    return deliveryHeaders({
      msgId: d.event_id,
      timestamp,
      body: d.body,
      secrets,
      credentials: d.credentials_enc ? this.decrypt(d.credentials_enc) : null,
      userAgent: this.userAgent,
    });
  }

  private decrypt(sealed: string): string {
    let plain = this.plain.get(sealed);
    if (plain === undefined) {
      plain = this.keyring.decrypt(sealed);
      if (this.plain.size > REMEMBERED) this.plain.clear();
      this.plain.set(sealed, plain);
    }
    return plain;
  }
}
