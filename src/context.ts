// Everything a request handler or worker needs, built once per process (or per test).
import { ClientStatusCache } from './auth/revocation.ts';
import { SigningKeys } from './auth/signing-keys.ts';
import { TokenVerifier } from './auth/token-verifier.ts';
import type { Config } from './config.ts';
import { openKeyring } from './crypto/keyring-open.ts';
import { type Keyring, loadMasterKey } from './crypto/master-key.ts';
import type { Db } from './db/db.ts';
import { createMetrics, type Metrics } from './http/metrics.ts';
import { RateLimiter } from './http/rate-limit.ts';

export interface AppContext {
  config: Readonly<Config>;
  db: Db;
  keyring: Keyring;
  signingKeys: SigningKeys;
  verifier: TokenVerifier;
  clientStatus: ClientStatusCache;
  metrics: Metrics;
  tokenRateByClient: RateLimiter;
  tokenRateByIp: RateLimiter;
  /** Failed client authentications per (client id, source address): see client-auth.ts. */
  tokenFailures: RateLimiter;
  /** Test deliveries sent per project (each is a signed POST to a URL the project chose). */
  testDeliveryRate: RateLimiter;
  /** Simulated access events recorded per project (each writes the log and queues deliveries). */
  simulationRate: RateLimiter;
}

export async function createContext(
  config: Readonly<Config>,
  db: Db,
  o: { defaultMetrics?: boolean } = {},
): Promise<AppContext> {
  const keyring = await openKeyring(
    db,
    loadMasterKey(config.masterKey, config.dataDir),
    config.masterKeyPrevious,
  );
  const signingKeys = new SigningKeys(db, keyring, {
    tokenTtlSeconds: config.tokenTtlSeconds,
    activationSeconds: config.signingKeyActivationSeconds,
  });
  await signingKeys.init();
  return {
    config,
    db,
    keyring,
    signingKeys,
    verifier: new TokenVerifier(signingKeys, config),
    clientStatus: new ClientStatusCache(db, config.revocationCacheSeconds * 1000),
    metrics: createMetrics(o.defaultMetrics),
    tokenRateByClient: new RateLimiter(config.tokenRatePerClient, 60_000),
    tokenRateByIp: new RateLimiter(config.tokenRatePerIp, 60_000),
    tokenFailures: new RateLimiter(config.tokenRatePerClient, 60_000),
    testDeliveryRate: new RateLimiter(config.testDeliveriesPerMinute, 60_000),
    simulationRate: new RateLimiter(config.simulationsPerMinute, 60_000),
  };
}
