// The Matter controller: one matter.js controller node (our fabric) and the door locks commissioned
// into it. A small typed surface over matter.js, whose types stay in this folder:
//   commission(pairingCode, lockId)   → the lock's capabilities and identity
//   status / capabilities             → lock state, battery, reachability; features and capacity
//   writeUser / clearUser / readUser / listUsers / readSchedules
//   operate(lockId, 'lock' | 'unlock') (a timed invoke, as the cluster requires)
//   decommission(lockId)              → removes the users this fabric wrote, then leaves the lock
//   forget(lockId)                    → drops a lock that cannot be reached (it keeps our fabric)
//   exportState()                     → the snapshot another host can take over from
// plus callbacks for what the locks report (events with their Matter event number, state changes,
// reachability). Every failure is a MatterLockError (errors.ts): transient or terminal.
//
// It writes what it is told and reads what is there; deciding WHAT each lock should hold (keys →
// users, PINs, schedules) is the reconciler's job.
import type { ClientNode, Endpoint, ServerNode } from '@matter/main';
import type { DoorLock } from '@matter/main/clusters/door-lock';
import { classify, fromStatus, MatterLockError } from './errors.ts';
import { PairingCodeError, parsePairingCode } from './pairing-code.ts';
import { loadMatter, type Matter, type MatterLogLevel, refuseHostNamespaceUnderTest } from './runtime.ts';
import type { WeekDaySchedule, YearDaySchedule } from './schedules.ts';
import { installSnapshotStorage, type MatterStateStore, type SnapshotStorage } from './state-store.ts';

export interface LockCapabilities {
  /** The Door Lock cluster's features the controller uses. */
  features: {
    users: boolean;
    pinCredential: boolean;
    weekDaySchedules: boolean;
    yearDaySchedules: boolean;
    remotePin: boolean;
  };
  /** A keypad takes PINs: the PIN credential feature with the user database. */
  keypad: boolean;
  capacity: {
    users: number;
    pinCodes: number;
    weekDaySchedulesPerUser: number;
    yearDaySchedulesPerUser: number;
  };
  credentialsPerUser: number;
  pinLength: { min: number; max: number };
}

export interface LockIdentity {
  vendor: string | null;
  product: string | null;
  vendorId: number | null;
  productId: number | null;
  serialNumber: string | null;
  softwareVersion: string | null;
}

export type LockStateName = 'locked' | 'unlocked' | 'jammed' | 'unknown';

export interface LockStatus {
  lockState: LockStateName;
  batteryPercent: number | null;
  /** The lock's own battery verdict (PowerSource BatChargeLevel), when it reports one. */
  batteryLevel: 'ok' | 'warning' | 'critical' | null;
  /** Whether the controller's subscription to the lock is alive. */
  reachable: boolean;
}

export interface CommissionedLock {
  lockId: string;
  capabilities: LockCapabilities;
  identity: LockIdentity;
  status: LockStatus;
}

export interface LockUserWrite {
  userIndex: number;
  /** Up to 10 characters (the cluster's limit): a tag that says who wrote it. */
  name: string;
  /** Up to 32 bits, for the writer's own reference. */
  uniqueId?: number;
  pin: string;
  /** The PIN credential's slot (1..capacity.pinCodes); usually the user index. */
  credentialIndex: number;
  weekDays: WeekDaySchedule[];
  yearDays: YearDaySchedule[];
}

export type CredentialType =
  | 'pin'
  | 'rfid'
  | 'fingerprint'
  | 'fingerVein'
  | 'face'
  | 'programmingPin'
  | 'other';

export interface LockUserRead {
  userIndex: number;
  name: string;
  uniqueId: number | null;
  status: 'enabled' | 'disabled';
  type: string;
  credentials: { type: CredentialType; index: number }[];
  /** Whether this controller's fabric created the user (else someone else did: at the lock, in an app). */
  ours: boolean;
  creatorFabricIndex: number | null;
}

export type OperationSource = 'keypad' | 'remote' | 'manual' | 'auto' | 'button' | 'schedule' | 'unspecified';

interface LockEventBase {
  lockId: string;
  /** The lock's event number: increases with every event the lock records, across its reboots. */
  eventNumber: bigint;
  /** When the lock says the event happened (its clock), or when it arrived if the lock has no clock. */
  at: Date;
}

export type LockEvent = LockEventBase &
  (
    | {
        kind: 'lockOperation';
        operation: 'lock' | 'unlock' | 'unlatch' | 'forcedUserUnlock';
        source: OperationSource;
        userIndex: number | null;
        credential: { type: CredentialType; index: number } | null;
        fabricIndex: number | null;
      }
    | {
        kind: 'lockOperationError';
        operation: 'lock' | 'unlock' | 'unlatch' | 'forcedUserUnlock';
        source: OperationSource;
        error:
          | 'unspecified'
          | 'invalidCredential'
          | 'disabledUserDenied'
          | 'restricted'
          | 'insufficientBattery';
        userIndex: number | null;
        credential: { type: CredentialType; index: number } | null;
      }
    | {
        kind: 'alarm';
        alarm:
          | 'lockJammed'
          | 'lockFactoryReset'
          | 'lockRadioPowerCycled'
          | 'wrongCodeEntryLimit'
          | 'frontEscutcheonRemoved'
          | 'doorForcedOpen'
          | 'doorAjar'
          | 'forcedUser'
          | 'unknown';
      }
    | {
        kind: 'userChange';
        dataType: string;
        operation: 'add' | 'clear' | 'modify';
        source: OperationSource;
        userIndex: number | null;
        dataIndex: number | null;
        fabricIndex: number | null;
      }
  );

export interface MatterControllerOptions {
  /** Where the controller's fabric lives (state-store.ts). */
  store: MatterStateStore;
  /** Shown on each lock as the name of this controller's fabric. */
  fabricLabel?: string;
  /** The controller's own UDP port (0: any free one). */
  port?: number;
  /**
   * The longest the lock may stay silent on the subscription: how soon a lock that is gone is
   * noticed (the lock sends at least a keep-alive this often). Seconds, default 60.
   */
  livenessSeconds?: number;
  /** A command or read that has not finished by then fails as `timeout` (ms, default 10 000). */
  commandTimeoutMs?: number;
  /** How long commissioning may look for the lock and pair (ms, default 120 000). */
  commissionTimeoutMs?: number;
  /** Events the caller has already recorded for a lock (its watermark): earlier ones are dropped. */
  eventsAfter?: (lockId: string) => bigint | undefined;
  onEvent?: (event: LockEvent) => void;
  onStatus?: (lockId: string, status: LockStatus) => void;
  onReachability?: (lockId: string, reachable: boolean) => void;
  /** matter.js's own log level (default warn). */
  logLevel?: MatterLogLevel;
}

const OPERATION = ['lock', 'unlock', 'unlatch', 'forcedUserUnlock'] as const;
const SOURCE: OperationSource[] = [
  'unspecified',
  'manual',
  'unspecified',
  'keypad',
  'auto',
  'button',
  'schedule',
  'remote',
];
const OPERATION_ERROR = [
  'unspecified',
  'invalidCredential',
  'disabledUserDenied',
  'restricted',
  'insufficientBattery',
] as const;
const ALARM = [
  'lockJammed',
  'lockFactoryReset',
  'unknown',
  'lockRadioPowerCycled',
  'wrongCodeEntryLimit',
  'frontEscutcheonRemoved',
  'doorForcedOpen',
  'doorAjar',
  'forcedUser',
] as const;
const CREDENTIAL: CredentialType[] = ['programmingPin', 'pin', 'rfid', 'fingerprint', 'fingerVein', 'face'];
const DATA_OPERATION = ['add', 'clear', 'modify'] as const;
const LOCK_DATA_TYPE = [
  'unspecified',
  'programmingCode',
  'userIndex',
  'weekDaySchedule',
  'yearDaySchedule',
  'holidaySchedule',
  'pin',
  'rfid',
  'fingerprint',
  'fingerVein',
  'face',
];
/** SetCredentialResponse status values of the Door Lock cluster (DlStatusEnum). */
const DL_STATUS = { success: 0, failure: 1, duplicate: 2, occupied: 3 } as const;
/** "All schedules of this user" in ClearWeekDaySchedule / ClearYearDaySchedule. */
const ALL_SCHEDULES = 0xfe;

const credentialOf = (c: { credentialType: number; credentialIndex: number } | null | undefined) =>
  c ? { type: CREDENTIAL[c.credentialType] ?? 'other', index: c.credentialIndex } : null;

function lockStateName(v: number | null | undefined): LockStateName {
  // 0 NotFullyLocked: the bolt stopped between the two, which is what a jam looks like.
  return v === 1 ? 'locked' : v === 2 || v === 3 ? 'unlocked' : v === 0 ? 'jammed' : 'unknown';
}

const LOCK_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The record (in the snapshot) of which matter.js peer each lock is. */
const PEER_IDS = 'peerIds';

export class MatterController {
  readonly #m: Matter;
  readonly #node: ServerNode;
  readonly #storage: SnapshotStorage;
  readonly #o: MatterControllerOptions;
  readonly #timeoutMs: number;
  /** The highest event number delivered per lock in this process. */
  readonly #seen = new Map<string, bigint>();
  readonly #reachable = new Map<string, boolean>();
  /**
   * Lock id → matter.js peer id. Commissioning lets matter.js name the peer ("peerN"): when several
   * devices answer to a manual code's 4-bit discriminator it makes one candidate per device, and a
   * name of ours on each would clash. Kept in the snapshot beside the fabric.
   */
  readonly #peerIds: Map<string, string>;
  /** Locks whose reachability is being followed. */
  readonly #watched = new Set<string>();
  /** Per lock: declares it unreachable when no report or keep-alive came for too long. */
  readonly #silence = new Map<string, NodeJS.Timeout>();
  /** Per lock: the pause before the next reconnect attempt while it stays silent. */
  readonly #backoff = new Map<string, number>();
  /** Locks whose subscription setting currently has the extra second (see #setSubscription). */
  readonly #nudged = new Set<string>();
  #closed = false;
  #eventsDropped = 0;

  private constructor(m: Matter, node: ServerNode, storage: SnapshotStorage, o: MatterControllerOptions) {
    this.#m = m;
    this.#node = node;
    this.#storage = storage;
    this.#o = o;
    this.#timeoutMs = o.commandTimeoutMs ?? 10_000;
    this.#peerIds = new Map(Object.entries((storage.getOwn(PEER_IDS) ?? {}) as Record<string, string>));
  }

  /** Starts the controller (and with it mDNS on this host) and reconnects to the locks it knows. */
  static async start(o: MatterControllerOptions): Promise<MatterController> {
    const m = await loadMatter(o.logLevel);
    const { Environment, ServerNode, ControllerBehavior, ChangeNotificationService } = m.main;
    const env = new Environment('latchkey-controller', Environment.default);
    const storage = await installSnapshotStorage(m, env, o.store, () => {});
    refuseHostNamespaceUnderTest();
    const node = await ServerNode.create(ServerNode.RootEndpoint.with(ControllerBehavior), {
      id: 'controller',
      environment: env,
      network: { port: o.port ?? 0, ipv4: false },
      commissioning: { enabled: false },
      controller: { adminFabricLabel: o.fabricLabel ?? 'Latchkey' },
      basicInformation: { vendorName: 'Latchkey', productName: 'Latchkey bridge', nodeLabel: 'Latchkey' },
    } as never);
    const c = new MatterController(m, node, storage, o);
    node.env.get(ChangeNotificationService).change.on((change) => c.#onChange(change as unknown as Change));
    for (const [lockId, peerId] of c.#peerIds) {
      const peer = node.peers.get(peerId);
      if (peer) c.#watch(lockId, peer);
    }
    await node.start();
    return c;
  }

  /** The locks this controller has commissioned (their ids). */
  locks(): string[] {
    return [...this.#peerIds.keys()].filter(
      (id) => this.#node.peers.get(this.#peerIds.get(id)!)?.lifecycle.isCommissioned,
    );
  }

  /**
   * Commissions the lock with this pairing code into our fabric, under `lockId` (letters, digits,
   * `-` and `_`), and reads what it can do. A malformed code fails as `pairingCode` at once.
   */
  async commission(pairingCode: string, lockId: string): Promise<CommissionedLock> {
    let code: ReturnType<typeof parsePairingCode>;
    try {
      code = parsePairingCode(pairingCode);
    } catch (e) {
      if (e instanceof PairingCodeError) throw new MatterLockError('pairingCode', e.message);
      throw e;
    }
    if (!LOCK_ID.test(lockId))
      throw new MatterLockError('constraint', 'a lock id is 1-64 letters, digits, - or _');
    if (this.#peerIds.has(lockId))
      throw new MatterLockError('occupied', `lock ${lockId} is already connected`);
    const identifier =
      code.longDiscriminator !== undefined
        ? { longDiscriminator: code.longDiscriminator }
        : { shortDiscriminator: code.shortDiscriminator! };
    const { Millis } = this.#m.main;
    let peer: ClientNode;
    try {
      peer = await this.#node.peers.commission({
        passcode: code.passcode,
        ...identifier,
        timeout: Millis(this.#o.commissionTimeoutMs ?? 120_000),
      } as never);
    } catch (e) {
      throw classify(e, 'commissioning the lock');
    }
    try {
      this.#lockEndpoint(peer);
    } catch (e) {
      await peer.decommission().catch(() => peer.delete());
      throw e;
    }
    this.#setPeerId(lockId, peer.id);
    await this.#subscribe(lockId, peer);
    await this.#storage.flush();
    return {
      lockId,
      capabilities: this.capabilities(lockId),
      identity: this.identity(lockId),
      status: this.status(lockId),
    };
  }

  /** What the lock can do (from the attributes read at commissioning, kept fresh by the subscription). */
  capabilities(lockId: string): LockCapabilities {
    const s = this.#doorLockState(lockId);
    const f = s.featureMap as Record<string, boolean>;
    const features = {
      users: !!f.user,
      pinCredential: !!f.pinCredential,
      weekDaySchedules: !!f.weekDayAccessSchedules,
      yearDaySchedules: !!f.yearDayAccessSchedules,
      remotePin: !!f.credentialOverTheAirAccess,
    };
    return {
      features,
      keypad: features.users && features.pinCredential,
      capacity: {
        users: features.users ? (s.numberOfTotalUsersSupported ?? 0) : 0,
        pinCodes: features.pinCredential ? (s.numberOfPinUsersSupported ?? 0) : 0,
        weekDaySchedulesPerUser: features.weekDaySchedules
          ? (s.numberOfWeekDaySchedulesSupportedPerUser ?? 0)
          : 0,
        yearDaySchedulesPerUser: features.yearDaySchedules
          ? (s.numberOfYearDaySchedulesSupportedPerUser ?? 0)
          : 0,
      },
      credentialsPerUser: s.numberOfCredentialsSupportedPerUser ?? 1,
      pinLength: { min: s.minPinCodeLength ?? 4, max: s.maxPinCodeLength ?? 8 },
    };
  }

  identity(lockId: string): LockIdentity {
    const b = this.#peer(lockId).maybeStateOf('basicInformation') as Record<string, unknown> | undefined;
    const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
    const num = (v: unknown) => (typeof v === 'number' ? v : null);
    return {
      vendor: str(b?.vendorName),
      product: str(b?.productName),
      vendorId: num(b?.vendorId),
      productId: num(b?.productId),
      serialNumber: str(b?.serialNumber),
      softwareVersion: str(b?.softwareVersionString),
    };
  }

  /** The lock's state as last reported on the subscription. */
  status(lockId: string): LockStatus {
    const peer = this.#peer(lockId);
    const lock = this.#doorLockState(lockId);
    let batteryPercent: number | null = null;
    let batteryLevel: LockStatus['batteryLevel'] = null;
    for (const ep of this.#endpoints(peer)) {
      const ps = ep.maybeStateOf('powerSource') as Record<string, unknown> | undefined;
      if (!ps) continue;
      if (typeof ps.batPercentRemaining === 'number') batteryPercent = Math.round(ps.batPercentRemaining / 2);
      if (typeof ps.batChargeLevel === 'number')
        batteryLevel = (['ok', 'warning', 'critical'] as const)[ps.batChargeLevel] ?? null;
      if (batteryPercent !== null || batteryLevel !== null) break;
    }
    return {
      lockState: lockStateName(lock.lockState as number | null),
      batteryPercent,
      batteryLevel,
      reachable: this.#reachable.get(lockId) ?? false,
    };
  }

  /**
   * Writes a user with one PIN credential and its schedules, replacing what this fabric wrote in
   * that slot before. Order: the user (schedule-restricted when it has schedules, so it opens
   * nothing until they are there), its schedules, then the PIN. Checks the lock's limits first and
   * writes nothing when the user does not fit (`noSpace` or `constraint`, naming the limit). A user
   * in the slot that another fabric created is left alone (`occupied`).
   */
  async writeUser(lockId: string, u: LockUserWrite): Promise<void> {
    const caps = this.capabilities(lockId);
    this.#checkFits(caps, u);
    const dl = this.#DL();
    const cmd = this.#commands(lockId);
    const doing = `writing user ${u.userIndex}`;
    const existing = await this.readUser(lockId, u.userIndex);
    if (existing && !existing.ours)
      throw new MatterLockError(
        'occupied',
        `user ${u.userIndex} on the lock was created by another controller or at the lock`,
      );
    const restricted = u.weekDays.length > 0 || u.yearDays.length > 0;
    await this.#call(doing, () =>
      cmd.setUser({
        operationType: existing ? dl.DataOperationType.Modify : dl.DataOperationType.Add,
        userIndex: u.userIndex,
        userName: u.name,
        userUniqueId: u.uniqueId ?? null,
        userStatus: dl.UserStatus.OccupiedEnabled,
        userType: restricted ? dl.UserType.ScheduleRestrictedUser : dl.UserType.UnrestrictedUser,
        credentialRule: dl.CredentialRule.Single,
      }),
    );
    try {
      if (caps.features.weekDaySchedules) {
        if (existing)
          await this.#call(doing, () =>
            cmd.clearWeekDaySchedule({ weekDayIndex: ALL_SCHEDULES, userIndex: u.userIndex }),
          );
        for (const [i, s] of u.weekDays.entries())
          await this.#call(doing, () =>
            cmd.setWeekDaySchedule({
              weekDayIndex: i + 1,
              userIndex: u.userIndex,
              daysMask: s.days,
              startHour: s.startHour,
              startMinute: s.startMinute,
              endHour: s.endHour,
              endMinute: s.endMinute,
            }),
          );
      }
      if (caps.features.yearDaySchedules) {
        if (existing)
          await this.#call(doing, () =>
            cmd.clearYearDaySchedule({ yearDayIndex: ALL_SCHEDULES, userIndex: u.userIndex }),
          );
        for (const [i, s] of u.yearDays.entries())
          await this.#call(doing, () =>
            cmd.setYearDaySchedule({
              yearDayIndex: i + 1,
              userIndex: u.userIndex,
              localStartTime: s.localStartTime,
              localEndTime: s.localEndTime,
            }),
          );
      }
      const credential = { credentialType: dl.CredentialType.Pin, credentialIndex: u.credentialIndex };
      const held = await this.#call(doing, () => cmd.getCredentialStatus({ credential }));
      const ownHeld = held.credentialExists && held.userIndex === u.userIndex;
      if (held.credentialExists && !ownHeld)
        throw new MatterLockError(
          'occupied',
          `PIN slot ${u.credentialIndex} on the lock belongs to user ${held.userIndex}`,
        );
      const r = await this.#call(doing, () =>
        cmd.setCredential({
          operationType: ownHeld ? dl.DataOperationType.Modify : dl.DataOperationType.Add,
          credential,
          credentialData: new TextEncoder().encode(u.pin),
          userIndex: u.userIndex,
          userStatus: null,
          userType: null,
        }),
      );
      switch (r.status as number) {
        case DL_STATUS.success:
          return;
        case DL_STATUS.duplicate:
          throw new MatterLockError(
            'duplicate',
            `the lock already holds this PIN for another user (${doing})`,
          );
        case DL_STATUS.occupied:
          throw new MatterLockError('occupied', `PIN slot ${u.credentialIndex} is taken (${doing})`);
        default:
          throw fromStatus(r.status, `SetCredential answered status ${r.status}`, doing);
      }
    } catch (e) {
      // A user this call added is taken out again when the rest cannot be written (best effort: a
      // user without its PIN opens nothing anyway), so a refused write leaves the slot as it was.
      if (!existing && e instanceof MatterLockError && !e.transient)
        await this.#call(doing, () => cmd.clearUser({ userIndex: u.userIndex })).catch(() => {});
      throw e;
    }
  }

  /**
   * Removes a user this fabric wrote: its PIN first (so it stops opening at once), then the user.
   * `evenIfNotOurs` removes a user that someone else created (at the lock, or another controller):
   * the Door Lock cluster lets any administrator clear any user; the reconciler does it to users
   * that hold no key (reconcile.ts says why).
   */
  async clearUser(lockId: string, userIndex: number, o: { evenIfNotOurs?: boolean } = {}): Promise<void> {
    const doing = `clearing user ${userIndex}`;
    const existing = await this.readUser(lockId, userIndex);
    if (!existing) return;
    if (!existing.ours && !o.evenIfNotOurs)
      throw new MatterLockError(
        'occupied',
        `user ${userIndex} on the lock was created by another controller or at the lock`,
      );
    const dl = this.#DL();
    const cmd = this.#commands(lockId);
    for (const c of existing.credentials)
      if (c.type === 'pin')
        await this.#call(doing, () =>
          cmd.clearCredential({
            credential: { credentialType: dl.CredentialType.Pin, credentialIndex: c.index },
          }),
        );
    await this.#call(doing, () => cmd.clearUser({ userIndex }));
  }

  /** One user slot as the lock has it (PINs themselves cannot be read back: Matter keeps them write-only). */
  async readUser(lockId: string, userIndex: number): Promise<LockUserRead | null> {
    return (await this.#getUser(lockId, userIndex)).user;
  }

  /** Every occupied user slot on the lock, ours and others'. */
  async listUsers(lockId: string): Promise<LockUserRead[]> {
    const out: LockUserRead[] = [];
    const max = this.capabilities(lockId).capacity.users;
    let next: number | null = 1;
    while (next !== null && next <= max && out.length < max) {
      const { user, nextUserIndex }: { user: LockUserRead | null; nextUserIndex: number | null } =
        await this.#getUser(lockId, next);
      if (user) out.push(user);
      next = nextUserIndex !== null && nextUserIndex > next ? nextUserIndex : null;
    }
    return out;
  }

  /** A user's schedules as the lock holds them. */
  async readSchedules(
    lockId: string,
    userIndex: number,
  ): Promise<{ weekDays: WeekDaySchedule[]; yearDays: YearDaySchedule[] }> {
    const caps = this.capabilities(lockId);
    const cmd = this.#commands(lockId);
    const doing = `reading the schedules of user ${userIndex}`;
    const weekDays: WeekDaySchedule[] = [];
    const yearDays: YearDaySchedule[] = [];
    for (let i = 1; i <= caps.capacity.weekDaySchedulesPerUser; i++) {
      const r = await this.#call(doing, () => cmd.getWeekDaySchedule({ weekDayIndex: i, userIndex }));
      if (r.status === 0 && r.daysMask)
        weekDays.push({
          days: Object.fromEntries(
            Object.entries(r.daysMask).filter(([, on]) => on),
          ) as WeekDaySchedule['days'],
          startHour: r.startHour!,
          startMinute: r.startMinute!,
          endHour: r.endHour!,
          endMinute: r.endMinute!,
        });
    }
    for (let i = 1; i <= caps.capacity.yearDaySchedulesPerUser; i++) {
      const r = await this.#call(doing, () => cmd.getYearDaySchedule({ yearDayIndex: i, userIndex }));
      if (r.status === 0 && r.localStartTime !== undefined && r.localEndTime !== undefined)
        yearDays.push({ localStartTime: r.localStartTime, localEndTime: r.localEndTime });
    }
    return { weekDays, yearDays };
  }

  /** Locks or unlocks the door (a timed invoke). Resolves when the lock has done it. */
  async operate(lockId: string, action: 'lock' | 'unlock'): Promise<void> {
    const cmd = this.#commands(lockId);
    await this.#call(`${action === 'lock' ? 'locking' : 'unlocking'} the door`, () =>
      action === 'lock' ? cmd.lockDoor({}) : cmd.unlockDoor({}),
    );
  }

  /**
   * Removes every user this fabric created on the lock, then leaves the lock's fabric (the lock
   * forgets this controller). Fails as `unreachable` when the lock cannot be reached: then forget().
   */
  async decommission(lockId: string): Promise<void> {
    const peer = this.#peer(lockId);
    for (const u of await this.listUsers(lockId)) if (u.ours) await this.clearUser(lockId, u.userIndex);
    try {
      await this.#within('leaving the lock', peer.decommission());
    } catch (e) {
      throw classify(e, 'leaving the lock');
    }
    this.#forgotten(lockId);
    await this.#storage.flush();
  }

  /** Drops a lock without talking to it (it keeps our fabric and users until reset at the lock). */
  async forget(lockId: string): Promise<void> {
    await this.#peer(lockId).delete();
    this.#forgotten(lockId);
    await this.#storage.flush();
  }

  /** Counters for metrics: events a lock sent again that were already delivered (or recorded). */
  stats(): { eventsDropped: number } {
    return { eventsDropped: this.#eventsDropped };
  }

  /** The controller's state as one snapshot (its fabric's keys: keep it as secret as the master key). */
  async exportState(): Promise<string> {
    await this.#storage.flush();
    return this.#storage.snapshot();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const t of this.#silence.values()) clearTimeout(t);
    await this.#node.close();
    await this.#storage.flush().catch(() => {});
  }

  // ── internals ───────────────────────────────────────────────────────────

  #DL() {
    return this.#m.doorLock.DoorLock;
  }

  #peer(lockId: string): ClientNode {
    if (this.#closed) throw new MatterLockError('notReady', 'the controller is closed');
    const peerId = this.#peerIds.get(lockId);
    const peer = peerId === undefined ? undefined : this.#node.peers.get(peerId);
    if (!peer) throw new MatterLockError('unknownLock', `no lock ${lockId} on this controller`);
    return peer;
  }

  #endpoints(peer: ClientNode): Endpoint[] {
    const out: Endpoint[] = [];
    const walk = (e: Endpoint) => {
      out.push(e);
      for (const p of e.parts) walk(p);
    };
    for (const p of peer.parts) walk(p);
    return out;
  }

  /** The endpoint with the Door Lock cluster. */
  #lockEndpoint(peer: ClientNode): Endpoint {
    const ep = this.#endpoints(peer).find((e) => 'doorLock' in e.behaviors.supported);
    if (!ep) throw new MatterLockError('notALock', 'the device has no Door Lock cluster');
    return ep;
  }

  #doorLockState(lockId: string) {
    return this.#lockEndpoint(this.#peer(lockId)).stateOf(
      this.#m.doorLock.DoorLockClient,
    ) as unknown as DoorLockState;
  }

  #commands(lockId: string) {
    return this.#lockEndpoint(this.#peer(lockId)).commandsOf(this.#m.doorLock.DoorLockClient);
  }

  #within<T>(doing: string, p: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new MatterLockError('timeout', `the lock did not answer within ${this.#timeoutMs} ms (${doing})`),
          ),
        this.#timeoutMs,
      );
    });
    return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
  }

  async #call<T>(doing: string, fn: () => Promise<T> | T): Promise<T> {
    if (this.#closed) throw new MatterLockError('notReady', 'the controller is closed');
    try {
      return await this.#within(doing, Promise.resolve().then(fn));
    } catch (e) {
      throw classify(e, doing);
    }
  }

  async #getUser(
    lockId: string,
    userIndex: number,
  ): Promise<{ user: LockUserRead | null; nextUserIndex: number | null }> {
    const cmd = this.#commands(lockId);
    const r = await this.#call(`reading user ${userIndex}`, () => cmd.getUser({ userIndex }));
    const dl = this.#DL();
    const nextUserIndex = r.nextUserIndex ?? null;
    if (r.userStatus === null || r.userStatus === undefined || r.userStatus === dl.UserStatus.Available)
      return { user: null, nextUserIndex };
    const ourFabric = (
      this.#peer(lockId).maybeStateOf('commissioning') as { fabricIndexOnPeer?: number } | undefined
    )?.fabricIndexOnPeer;
    const type = Object.entries(dl.UserType).find(([, v]) => v === r.userType)?.[0] ?? 'unknown';
    return {
      user: {
        userIndex: r.userIndex,
        name: r.userName ?? '',
        uniqueId: r.userUniqueId ?? null,
        status: r.userStatus === dl.UserStatus.OccupiedDisabled ? 'disabled' : 'enabled',
        type: type.charAt(0).toLowerCase() + type.slice(1),
        credentials: (r.credentials ?? []).map((c) => credentialOf(c)!),
        ours: ourFabric !== undefined && r.creatorFabricIndex === ourFabric,
        creatorFabricIndex: r.creatorFabricIndex ?? null,
      },
      nextUserIndex,
    };
  }

  #checkFits(caps: LockCapabilities, u: LockUserWrite) {
    const c = caps.capacity;
    if (!caps.keypad)
      throw new MatterLockError('unsupported', 'the lock has no keypad (no PIN credentials with users)');
    if (!Number.isInteger(u.userIndex) || u.userIndex < 1 || u.userIndex > c.users)
      throw new MatterLockError(
        'noSpace',
        `the lock holds ${c.users} users; user index ${u.userIndex} is beyond that`,
      );
    if (!Number.isInteger(u.credentialIndex) || u.credentialIndex < 1 || u.credentialIndex > c.pinCodes)
      throw new MatterLockError(
        'noSpace',
        `the lock holds ${c.pinCodes} PIN codes; PIN slot ${u.credentialIndex} is beyond that`,
      );
    if (!/^\d+$/.test(u.pin) || u.pin.length < caps.pinLength.min || u.pin.length > caps.pinLength.max)
      throw new MatterLockError(
        'constraint',
        `the lock takes PINs of ${caps.pinLength.min} to ${caps.pinLength.max} digits`,
      );
    if (u.weekDays.length > 0 && !caps.features.weekDaySchedules)
      throw new MatterLockError('unsupported', 'the lock has no week-day schedules');
    if (u.weekDays.length > c.weekDaySchedulesPerUser)
      throw new MatterLockError(
        'noSpace',
        `the key needs ${u.weekDays.length} week-day schedules; the lock holds ${c.weekDaySchedulesPerUser} per user`,
      );
    if (u.yearDays.length > 0 && !caps.features.yearDaySchedules)
      throw new MatterLockError('unsupported', 'the lock has no year-day schedules');
    if (u.yearDays.length > c.yearDaySchedulesPerUser)
      throw new MatterLockError(
        'noSpace',
        `the key needs ${u.yearDays.length} year-day schedules; the lock holds ${c.yearDaySchedulesPerUser} per user`,
      );
    if (new TextEncoder().encode(u.name).length > 10)
      throw new MatterLockError('constraint', 'a user name is at most 10 bytes');
  }

  #setPeerId(lockId: string, peerId: string | undefined) {
    if (peerId === undefined) this.#peerIds.delete(lockId);
    else this.#peerIds.set(lockId, peerId);
    this.#storage.setOwn(PEER_IDS, Object.fromEntries(this.#peerIds));
  }

  async #subscribe(lockId: string, peer: ClientNode) {
    this.#watch(lockId, peer);
    await this.#setSubscription(peer, 0);
  }

  /**
   * The subscription: everything, with `livenessSeconds` as the longest silence. matter.js starts
   * a new subscription whenever this setting changes, which is how #silent asks for one: it flips
   * `nudge` (one second more or less on the ceiling, which the lock may round anyway).
   */
  #setSubscription(peer: ClientNode, nudge: 0 | 1) {
    const { Seconds } = this.#m.main;
    return peer.set({
      network: {
        autoSubscribe: true,
        defaultSubscription: {
          minIntervalFloor: Seconds(0),
          maxIntervalCeiling: Seconds((this.#o.livenessSeconds ?? 60) + nudge),
        },
      },
    } as never);
  }

  #watch(lockId: string, peer: ClientNode) {
    if (this.#watched.has(lockId)) return;
    this.#watched.add(lockId);
    const network = (peer.events as unknown as NetworkEvents).network;
    network.subscriptionStatusChanged.on((active) =>
      active ? this.#alive(lockId) : this.#setReachable(lockId, false),
    );
    network.subscriptionAlive.on(() => this.#alive(lockId));
  }

  /**
   * A report or keep-alive came. matter.js itself declares the subscription lost only after its
   * max interval plus twice the peer's longest response time (tens of seconds on UDP), and then
   * retries on its own schedule (a lock that restarted was not back within 30 s in the test); a
   * lock not heard from for two of its keep-alive intervals and a second is unreachable here.
   */
  #alive(lockId: string) {
    this.#backoff.delete(lockId);
    this.#setReachable(lockId, true);
    this.#arm(lockId, this.#livenessMs());
  }

  #livenessMs() {
    return (this.#o.livenessSeconds ?? 60) * 2000 + 1000;
  }

  #arm(lockId: string, ms: number) {
    clearTimeout(this.#silence.get(lockId));
    this.#silence.set(lockId, setTimeout(() => this.#silent(lockId), ms).unref());
  }

  /**
   * Silent too long: unreachable, and a fresh subscription is asked for now, then
   * again after a pause that doubles up to five minutes, so a dead lock is not flooded.
   */
  #silent(lockId: string) {
    if (this.#closed || !this.#watched.has(lockId)) return;
    this.#setReachable(lockId, false);
    const next = this.#backoff.get(lockId) ?? this.#livenessMs();
    this.#backoff.set(lockId, Math.min(next * 2, 300_000));
    this.#arm(lockId, next);
    const peer = this.#node.peers.get(this.#peerIds.get(lockId) ?? '');
    if (!peer) return;
    const nudge = this.#nudged.has(lockId) ? 0 : 1;
    if (nudge) this.#nudged.add(lockId);
    else this.#nudged.delete(lockId);
    this.#setSubscription(peer, nudge).catch(() => {}); // the next attempt follows
  }

  #setReachable(lockId: string, reachable: boolean) {
    if (this.#closed || !this.#watched.has(lockId)) return;
    if (this.#reachable.get(lockId) === reachable) return;
    this.#reachable.set(lockId, reachable);
    this.#o.onReachability?.(lockId, reachable);
  }

  #forgotten(lockId: string) {
    this.#setPeerId(lockId, undefined);
    clearTimeout(this.#silence.get(lockId));
    this.#silence.delete(lockId);
    this.#backoff.delete(lockId);
    this.#watched.delete(lockId);
    this.#reachable.delete(lockId);
    this.#seen.delete(lockId);
  }

  /** The lock a change belongs to, or undefined (the controller's own endpoints, a candidate peer). */
  #lockIdOf(endpoint: Endpoint): string | undefined {
    let top: Endpoint = endpoint;
    while (top.owner && (top.owner as unknown) !== this.#node) top = top.owner as Endpoint;
    for (const [lockId, peerId] of this.#peerIds)
      if (peerId === top.id && this.#watched.has(lockId)) return lockId;
    return undefined;
  }

  #onChange(change: Change) {
    if (this.#closed) return;
    const lockId = this.#lockIdOf(change.endpoint);
    if (lockId === undefined) return;
    if (change.kind === 'update') {
      if (change.behavior.id === 'doorLock' || change.behavior.id === 'powerSource') {
        try {
          this.#o.onStatus?.(lockId, this.status(lockId));
        } catch {
          // the lock is being removed
        }
      }
      return;
    }
    if (change.kind !== 'event' || change.behavior.id !== 'doorLock') return;
    const number = BigInt(change.number);
    const watermark = this.#seen.get(lockId) ?? this.#o.eventsAfter?.(lockId) ?? -1n;
    if (number <= watermark) {
      this.#eventsDropped++;
      return;
    }
    this.#seen.set(lockId, number);
    const event = this.#event(lockId, number, change);
    if (event) this.#o.onEvent?.(event);
  }

  #event(lockId: string, eventNumber: bigint, change: EventChange): LockEvent | undefined {
    const p = change.payload as EventPayload;
    const ts = Number(change.timestamp);
    // Events carry the lock's epoch time when it has a clock (in ms), else time since its boot.
    const at = Number.isFinite(ts) && ts > 946_684_800_000 ? new Date(ts) : new Date();
    const base = { lockId, eventNumber, at };
    switch (change.event.name) {
      case 'LockOperation':
        return {
          ...base,
          kind: 'lockOperation',
          operation: OPERATION[p.lockOperationType] ?? 'unlock',
          source: SOURCE[p.operationSource] ?? 'unspecified',
          userIndex: p.userIndex ?? null,
          credential: credentialOf(p.credentials?.[0]),
          fabricIndex: p.fabricIndex ?? null,
        };
      case 'LockOperationError':
        return {
          ...base,
          kind: 'lockOperationError',
          operation: OPERATION[p.lockOperationType] ?? 'unlock',
          source: SOURCE[p.operationSource] ?? 'unspecified',
          error: OPERATION_ERROR[p.operationError] ?? 'unspecified',
          userIndex: p.userIndex ?? null,
          credential: credentialOf(p.credentials?.[0]),
        };
      case 'DoorLockAlarm':
        return { ...base, kind: 'alarm', alarm: ALARM[p.alarmCode] ?? 'unknown' };
      case 'LockUserChange':
        return {
          ...base,
          kind: 'userChange',
          dataType: LOCK_DATA_TYPE[p.lockDataType] ?? 'unspecified',
          operation: DATA_OPERATION[p.dataOperationType] ?? 'modify',
          source: SOURCE[p.operationSource] ?? 'unspecified',
          userIndex: p.userIndex ?? null,
          dataIndex: p.dataIndex ?? null,
          fabricIndex: p.fabricIndex ?? null,
        };
      default:
        return undefined;
    }
  }
}

/** The fields of the four Door Lock events (all numbers on the wire; see the cluster's enums). */
interface EventPayload {
  lockOperationType: number;
  operationSource: number;
  operationError: number;
  alarmCode: number;
  lockDataType: number;
  dataOperationType: number;
  userIndex?: number | null;
  fabricIndex?: number | null;
  dataIndex?: number | null;
  credentials?: DoorLock.Credential[] | null;
}

interface DoorLockState {
  featureMap: object;
  lockState: number | null;
  numberOfTotalUsersSupported?: number;
  numberOfPinUsersSupported?: number;
  numberOfWeekDaySchedulesSupportedPerUser?: number;
  numberOfYearDaySchedulesSupportedPerUser?: number;
  numberOfCredentialsSupportedPerUser?: number;
  minPinCodeLength?: number;
  maxPinCodeLength?: number;
}

interface NetworkEvents {
  network: {
    subscriptionStatusChanged: { on(fn: (active: boolean) => void): void };
    subscriptionAlive: { on(fn: () => void): void };
  };
}

interface EventChange {
  kind: 'event';
  endpoint: Endpoint;
  behavior: { id: string };
  event: { name: string };
  number: bigint | number;
  timestamp: number | bigint;
  payload: unknown;
}

type Change =
  | EventChange
  | { kind: 'update'; endpoint: Endpoint; behavior: { id: string } }
  | { kind: 'delete'; endpoint: Endpoint };
