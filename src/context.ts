// Everything a request handler or worker needs, built once per process (or per test): every
// per-process service is a field here, created in createContext and closed by the context's one
// close(), which each owner of a context calls once its requests and jobs are done.
import { DpopReplayCache } from './auth/dpop.ts';
import { ClientStatusCache } from './auth/revocation.ts';
import { AppSessionStatusCache } from './auth/session-status.ts';
import { SigningKeys } from './auth/signing-keys.ts';
import { TokenVerifier } from './auth/token-verifier.ts';
import { BridgeHub } from './bridge/hub.ts';
import { reconcileCommandPrepare } from './bridge/reconcile-wiring.ts';
import type { Config } from './config.ts';
import { openKeyring } from './crypto/keyring-open.ts';
import { type Keyring, loadMasterKey } from './crypto/master-key.ts';
import type { Db } from './db/db.ts';
import { LazyDeliveryAgent } from './delivery/send.ts';
import { type Lookup, systemLookup } from './delivery/webhook-url.ts';
import { ConnectionReserve, descriptorLimit } from './http/connection-reserve.ts';
import { createLoggers, type Loggers } from './http/logging.ts';
import { createMetrics, type Metrics } from './http/metrics.ts';
import { RateLimiter } from './http/rate-limit.ts';
import type { AccessEventStreams } from './resources/access-log/stream.ts';
import { accessEventStreamsCreate } from './resources/access-log/stream-hub.ts';
import { AppLogin } from './resources/app/login.ts';
import { IssuerPrivateKeys } from './resources/credentials/issuer-keys.ts';

export interface AppContext {
  config: Readonly<Config>;
  db: Db;
  keyring: Keyring;
  signingKeys: SigningKeys;
  verifier: TokenVerifier;
  clientStatus: ClientStatusCache;
  /** Whether the app session an app token names still exists (session-status.ts). */
  appSessions: AppSessionStatusCache;
  /** DPoP proofs accepted on app session refreshes, against replay (dpop.ts). */
  dpopReplay: DpopReplayCache;
  metrics: Metrics;
  tokenRateByClient: RateLimiter;
  tokenRateByIp: RateLimiter;
  /** Failed client authentications per (client id, source address): see client-auth.ts. */
  tokenFailures: RateLimiter;
  /** Test deliveries sent per project (each is a signed POST to a URL the project chose). */
  testDeliveryRate: RateLimiter;
  /** Simulated access events recorded per project (each writes the log and queues deliveries). */
  simulationRate: RateLimiter;
  /** The service's side of the bridges' channel: held polls, and commands waiting for their outcome. */
  bridges: BridgeHub;
  /** The projects' credential issuer keys, decrypted once per process (offline credentials). */
  issuerPrivateKeys: IssuerPrivateKeys;
  /** The process's logger and request-line writer (the API server's and the worker's). */
  loggers: Loggers;
  /** Descriptors kept free below the process's limit: the API server counts its connections here. */
  connectionReserve: ConnectionReserve;
  /** The live access-event streams of this process (one LISTEN for all of them). */
  accessEventStreams: AccessEventStreams;
  /** App login: its limiters, the SMS sender and the code work still running after answers. */
  appLogin: AppLogin;
  /** The agent of test deliveries (POST …/webhooks/{webhookId}/test), made on first use. */
  testDeliveryAgent: LazyDeliveryAgent;
  /** Resolves a webhook's host when it is registered (the system resolver, bounded in time). */
  webhookLookup: Lookup;
  /**
   * Closes every per-process service: waits for login codes being sent, ends the live streams and
   * stops listening, closes the test-delivery agent, stops the signing keys' refresh. Once, after
   * the context's requests and jobs are done; the store is closed by whoever opened it.
   */
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Collect Node's default metrics (the server and the worker; not tests). */
  defaultMetrics?: boolean;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Extra trusted CA for webhook receivers of test deliveries (tests only). */
  webhookCa?: string | Buffer;
  /** The resolver of webhook hosts at registration (tests: a slow or chosen one); default the system's. */
  webhookLookup?: Lookup;
}

export async function createContext(
  config: Readonly<Config>,
  db: Db,
  o: ContextOptions = {},
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
  const loggers = createLoggers(config.logLevel, o.logStream);
  const metrics = createMetrics(o.defaultMetrics);
  const clientStatus = new ClientStatusCache(db, config.revocationCacheSeconds * 1000);
  const connectionReserve = new ConnectionReserve(descriptorLimit(), config.connectionReserve);
  const accessEventStreams = accessEventStreamsCreate({
    config,
    db,
    clientStatus,
    reserve: connectionReserve,
    log: loggers.logger,
    registry: metrics.registry,
  });
  const appLogin = new AppLogin(config);
  const testDeliveryAgent = new LazyDeliveryAgent({
    allowed: config.webhookAllowedCidrs,
    timeoutMs: config.webhookTimeoutMs,
    ca: o.webhookCa,
    connectionsPerOrigin: 2,
  });
  const bridges = new BridgeHub(db, (c) => reconcileCommandPrepare(db, keyring, c));
  let closing: Promise<void> | undefined;
  return {
    config,
    db,
    keyring,
    signingKeys,
    verifier: new TokenVerifier(signingKeys, config),
    clientStatus,
    appSessions: new AppSessionStatusCache(db, config.revocationCacheSeconds * 1000),
    dpopReplay: new DpopReplayCache(),
    metrics,
    tokenRateByClient: new RateLimiter(config.tokenRatePerClient, 60_000),
    tokenRateByIp: new RateLimiter(config.tokenRatePerIp, 60_000),
    tokenFailures: new RateLimiter(config.tokenRatePerClient, 60_000),
    testDeliveryRate: new RateLimiter(config.testDeliveriesPerMinute, 60_000),
    simulationRate: new RateLimiter(config.simulationsPerMinute, 60_000),
    bridges,
    issuerPrivateKeys: new IssuerPrivateKeys(keyring),
    loggers,
    connectionReserve,
    accessEventStreams,
    appLogin,
    testDeliveryAgent,
    webhookLookup: o.webhookLookup ?? systemLookup,
    close() {
      closing ??= (async () => {
        await appLogin.settled();
        await accessEventStreams.close();
        await testDeliveryAgent.close();
        await bridges.close();
        signingKeys.stop();
      })();
      return closing;
    },
  };
}
