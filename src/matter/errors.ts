// Every failure of a Matter operation, classified in this one place. The research behind it (lock
// code managers in the field): a transport failure (the controller not ready, the lock asleep or
// gone, a timeout) is TRANSIENT: keep the change pending and try again later, never give up on the
// key because of it; a refusal by the lock (the PIN is already there, no slot left, a value the
// lock does not accept, a feature it lacks) is TERMINAL until something changes: retrying the same
// write only floods the lock.

export type MatterErrorCode =
  // transient
  | 'notReady' // the controller is starting or stopping
  | 'unreachable' // the lock did not answer: off the network, asleep, out of battery
  | 'timeout' // the lock did not answer in time
  | 'busy' // the lock said it is busy
  // terminal
  | 'pairingCode' // the pairing code is malformed
  | 'notFound' // no lock with this pairing code answered on the network
  | 'commissioning' // the lock was found but commissioning failed (wrong passcode, refused, full)
  | 'notALock' // the device has no Door Lock cluster
  | 'unknownLock' // the controller has no lock by this id
  | 'duplicate' // the PIN is already on the lock for another credential
  | 'occupied' // the slot is taken by someone else's user or credential
  | 'noSpace' // the lock has no slot left (users, PINs, schedules)
  | 'constraint' // the lock does not accept the value (PIN length, a schedule, an index)
  | 'unsupported' // the lock lacks the feature or command
  | 'rejected'; // the lock refused without saying why

const TRANSIENT: ReadonlySet<MatterErrorCode> = new Set(['notReady', 'unreachable', 'timeout', 'busy']);

const TITLES: Record<MatterErrorCode, string> = {
  notReady: 'The Matter controller is not ready',
  unreachable: 'The lock cannot be reached',
  timeout: 'The lock did not answer in time',
  busy: 'The lock is busy',
  pairingCode: 'The pairing code is not valid',
  notFound: 'No lock answered with this pairing code',
  commissioning: 'The lock could not be connected',
  notALock: 'The device is not a door lock',
  unknownLock: 'The lock is not connected to this controller',
  duplicate: 'The PIN is already on the lock',
  occupied: 'The slot on the lock is taken',
  noSpace: 'The lock has no room left',
  constraint: 'The lock does not accept this value',
  unsupported: 'The lock does not support this',
  rejected: 'The lock refused',
};

export class MatterLockError extends Error {
  override name = 'MatterLockError';
  readonly code: MatterErrorCode;
  /** Try again later (true), or not until something changes (false). */
  readonly transient: boolean;
  readonly title: string;
  constructor(code: MatterErrorCode, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.code = code;
    this.transient = TRANSIENT.has(code);
    this.title = TITLES[code];
  }
  /** `{ title, detail }` in plain words, as a lock's connection error or a PIN's error is shown. */
  get problem() {
    return { title: this.title, detail: this.message };
  }
}

// Interaction-model status codes (Matter Core specification, "Status Codes").
const STATUS = {
  Failure: 0x01,
  UnsupportedAccess: 0x7e,
  UnsupportedEndpoint: 0x7f,
  InvalidAction: 0x80,
  UnsupportedCommand: 0x81,
  InvalidCommand: 0x85,
  UnsupportedAttribute: 0x86,
  ConstraintError: 0x87,
  ResourceExhausted: 0x89,
  NotFound: 0x8b,
  Timeout: 0x94,
  Busy: 0x9c,
  UnsupportedCluster: 0xc3,
  NeedsTimedInteraction: 0xc6,
  InvalidInState: 0xcb,
  DynamicConstraintError: 0xcf,
} as const;

const DOOR_LOCK_DUPLICATE = 2;
const DOOR_LOCK_OCCUPIED = 3;

/** The class names on an error's prototype chain (matter.js's errors are told apart by class). */
function classNames(e: unknown): Set<string> {
  const names = new Set<string>();
  for (let p = e && typeof e === 'object' ? Object.getPrototypeOf(e) : null; p; p = Object.getPrototypeOf(p))
    if (p.constructor?.name) names.add(p.constructor.name);
  return names;
}

/** The interaction-model status of a refusal, when the error carries one. */
export function statusOf(e: unknown): number | undefined {
  const code = (e as { code?: unknown })?.code;
  return classNames(e).has('StatusResponseError') && typeof code === 'number' ? code : undefined;
}

/**
 * What a matter.js error (or any error) means for the caller. `doing` says what was attempted, in
 * words, for the detail ("writing user 3").
 */
export function classify(e: unknown, doing: string): MatterLockError {
  if (e instanceof MatterLockError) return e;
  const names = classNames(e);
  const message = e instanceof Error ? e.message : String(e);
  const status = statusOf(e);
  const with_ = (code: MatterErrorCode, what: string) =>
    new MatterLockError(code, `${what} (${doing})`, { cause: e });
  // Cluster status codes of the Door Lock cluster, the only cluster the controller commands.
  const clusterCode = (e as { clusterCode?: unknown }).clusterCode;
  if (status !== undefined && clusterCode === DOOR_LOCK_DUPLICATE)
    return with_('duplicate', 'the lock already holds this PIN for another user');
  if (status !== undefined && clusterCode === DOOR_LOCK_OCCUPIED)
    return with_('occupied', 'the slot on the lock is taken');
  if (status !== undefined) return fromStatus(status, message, doing, e);
  if (names.has('IcdPeerAsleepError')) return with_('unreachable', 'the lock is asleep');
  if (
    names.has('TransientPeerCommunicationError') ||
    names.has('PeerCommunicationError') ||
    names.has('NetworkError') ||
    names.has('RetransmissionLimitReachedError') ||
    names.has('NoResponseTimeoutError') ||
    names.has('ChannelNotConnectedError') ||
    names.has('OfflineError') ||
    names.has('AbortedError')
  )
    return with_('unreachable', 'the lock did not answer');
  if (names.has('TimeoutError') || /timed? ?out/i.test(message))
    return with_('timeout', 'the lock did not answer in time');
  if (
    names.has('DiscoveryError') ||
    names.has('DiscoveryAggregateError') ||
    names.has('CommissioningTimeoutError')
  )
    return with_('notFound', 'no lock with this pairing code answered on the network');
  if (names.has('MaximumCommissionedFabricsReachedError'))
    return with_(
      'commissioning',
      'the lock has no room for another controller (remove one in its app first)',
    );
  if (names.has('CommissioningError') || names.has('PaseError') || /pase|spake|pbkdf/i.test(message))
    return with_('commissioning', `commissioning failed: ${message}`);
  if (names.has('UninitializedDependencyError') || names.has('DestroyedDependencyError'))
    return with_('notReady', 'the controller is not running');
  return with_('rejected', message);
}

/** A refusal by its interaction-model status code. */
export function fromStatus(status: number, message: string, doing: string, cause?: unknown): MatterLockError {
  const with_ = (code: MatterErrorCode, what: string) =>
    new MatterLockError(code, `${what} (${doing})`, { cause });
  switch (status) {
    case STATUS.Busy:
    case STATUS.InvalidInState:
      return with_('busy', 'the lock is busy; try again');
    case STATUS.Timeout:
      return with_('timeout', 'the lock timed out');
    case STATUS.ResourceExhausted:
      return with_('noSpace', 'the lock has no slot left');
    case STATUS.ConstraintError:
    case STATUS.InvalidCommand:
    case STATUS.DynamicConstraintError:
      return with_('constraint', 'the lock does not accept this value');
    case STATUS.UnsupportedCommand:
    case STATUS.UnsupportedCluster:
    case STATUS.UnsupportedEndpoint:
    case STATUS.UnsupportedAttribute:
      return with_('unsupported', 'the lock does not support this');
    case STATUS.NotFound:
      return with_('constraint', 'the lock has no such entry');
    default:
      return with_('rejected', `the lock refused: ${message}`);
  }
}
