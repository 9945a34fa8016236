// The virtual Matter door lock: a matter.js node with a Door Lock endpoint (users, PIN credentials,
// week-day and year-day schedules, remote operation) and a battery, plus what matter.js leaves out
// and a real lock does:
// - it ENFORCES schedules, in its own time zone, on its own (adjustable) clock: matter.js stores
//   them and lets any valid PIN through;
// - a keypad: a PIN typed on it opens the door or is refused, with the LockOperation or
//   LockOperationError event (source Keypad) a real lock sends, and a WrongCodeEntryLimit alarm and
//   a lock-out after too many wrong codes;
// - SetCredential fails with the cluster status Duplicate for a PIN another credential has
//   (matter.js answers a bare Failure);
// - a user given a schedule becomes ScheduleRestrictedUser (the cluster allows a lock to do this);
// - a jam (DoorLockAlarm LockJammed, lock state NotFullyLocked) and battery level on command;
// - a code added at the lock itself (no Matter fabric), as its programming menu would.
// The CLI (virtual-lock.ts) runs it and gives it a control channel.
import type { Bytes } from '@matter/main';
import type { DoorLock } from '@matter/main/clusters/door-lock';
import { loadMatter, type MatterLogLevel, refuseHostNamespaceUnderTest } from '../matter/runtime.ts';
import {
  inWeekDaySchedule,
  inYearDaySchedule,
  type WeekDaySchedule,
  type YearDaySchedule,
} from '../matter/schedules.ts';
import { installSnapshotStorage, type MatterStateStore } from '../matter/state-store.ts';

export interface VirtualLockCapacity {
  users: number;
  pinCodes: number;
  weekDaySchedulesPerUser: number;
  yearDaySchedulesPerUser: number;
}

export interface VirtualLockOptions {
  store: MatterStateStore;
  /** UDP port for Matter (5540 is the standard one). */
  port: number;
  /** Setup passcode (1..99999998, not a trivial one) and 12-bit discriminator. */
  passcode: number;
  discriminator: number;
  /** IANA zone the lock keeps its schedules in. */
  timeZone: string;
  capacity: VirtualLockCapacity;
  /** Milliseconds added to the real clock when the lock checks a schedule. */
  clockOffsetMs?: number;
  minPinLength?: number;
  maxPinLength?: number;
  /** Wrong codes in a row before the keypad locks out (and the lock raises an alarm). */
  wrongCodeEntryLimit?: number;
  /** Seconds of keypad lock-out after that. */
  lockoutSeconds?: number;
  name?: string;
  /** matter.js's own log level (default warn). */
  logLevel?: MatterLogLevel;
  /** Called when the lock could not save its state (it keeps running, and tries again). */
  onSaveError?: (e: unknown) => void;
}

export type KeypadOutcome = 'unlocked' | 'wrongCode' | 'outsideSchedule' | 'userDisabled' | 'lockedOut';

export interface KeypadResult {
  outcome: KeypadOutcome;
  userIndex: number | null;
  lockState: LockStateName;
}

export type LockStateName = 'locked' | 'unlocked' | 'notFullyLocked' | 'unknown';

export interface VirtualLockStatus {
  commissioned: boolean;
  fabrics: number;
  lockState: LockStateName;
  batteryPercent: number;
  clock: string;
  timeZone: string;
  users: {
    userIndex: number;
    name: string;
    type: string;
    status: string;
    credentials: number;
    weekDaySchedules: number;
    yearDaySchedules: number;
  }[];
}

export interface VirtualLock {
  manualPairingCode: string;
  qrPairingCode: string;
  port: number;
  enterPin(pin: string): Promise<KeypadResult>;
  /** The thumb turn inside (source Manual): no PIN. */
  turn(action: 'lock' | 'unlock'): Promise<LockStateName>;
  jam(): Promise<void>;
  /** Adds a user with this PIN at the lock itself (no Matter fabric). */
  programCode(pin: string): Promise<{ userIndex: number; credentialIndex: number }>;
  setBattery(percent: number): Promise<void>;
  /** Sets the lock's clock (offset from the real one, or an instant to read now). */
  setClock(to: { offsetMs: number } | { at: Date }): Date;
  now(): Date;
  status(): Promise<VirtualLockStatus>;
  close(): Promise<void>;
}

const LOCK_STATE_NAMES: Record<number, LockStateName> = { 0: 'notFullyLocked', 1: 'locked', 2: 'unlocked' };

export async function startVirtualLock(o: VirtualLockOptions): Promise<VirtualLock> {
  const m = await loadMatter(o.logLevel);
  const { Environment, ServerNode, Endpoint, VendorId, DeviceTypeId, Bytes: B } = m.main;
  const { DoorLockDevice, DoorLockServer, DoorLock: DL } = m.doorLock;
  const { PowerSourceServer, PowerSource } = m.powerSource;
  const { Status, StatusResponseError } = m.types;
  let offsetMs = o.clockOffsetMs ?? 0;
  const now = () => new Date(Date.now() + offsetMs);
  const timeZone = o.timeZone;

  /** Why a PIN's user may not open now, or undefined when it may (the cluster's user-type rules). */
  function refusal(
    user: { userIndex: number; userStatus: number; userType: number },
    weekDays: WeekDaySchedule[],
    yearDays: YearDaySchedule[],
  ): KeypadOutcome | undefined {
    if (user.userStatus === DL.UserStatus.OccupiedDisabled) return 'userDisabled';
    const at = now();
    const inWeek = weekDays.some((s) => inWeekDaySchedule(s, at, timeZone));
    const inYear = yearDays.some((s) => inYearDaySchedule(s, at, timeZone));
    switch (user.userType) {
      case DL.UserType.WeekDayScheduleUser:
        return inWeek ? undefined : 'outsideSchedule';
      case DL.UserType.YearDayScheduleUser:
        return inYear ? undefined : 'outsideSchedule';
      case DL.UserType.ScheduleRestrictedUser:
        if (weekDays.length === 0 && yearDays.length === 0) return 'outsideSchedule';
        if (weekDays.length > 0 && !inWeek) return 'outsideSchedule';
        if (yearDays.length > 0 && !inYear) return 'outsideSchedule';
        return undefined;
      case DL.UserType.NonAccessUser:
      case DL.UserType.RemoteOnlyUser:
        return 'outsideSchedule';
      default:
        return undefined;
    }
  }

  const Base = DoorLockServer.with(
    'User',
    'PinCredential',
    'CredentialOverTheAirAccess',
    'WeekDayAccessSchedules',
    'YearDayAccessSchedules',
  );

  class LockInternal extends Base.Internal {
    wrongCodes = 0;
    lockedOutUntil = 0;
  }

  class VirtualDoorLockServer extends Base {
    static override readonly Internal = LockInternal;
    declare internal: LockInternal;

    #schedulesOf(userIndex: number) {
      const weekDays = this.state.weekDaySchedules
        .filter((s) => s.userIndex === userIndex)
        .map((s) => ({ ...s, days: s.daysMask as WeekDaySchedule['days'] }));
      const yearDays = this.state.yearDaySchedules.filter((s) => s.userIndex === userIndex);
      return { weekDays, yearDays };
    }

    /** The user whose PIN this is, with its credential index, or undefined. */
    #pinOwner(pin: Bytes) {
      const auth = this.auth;
      for (const cred of auth.credentials) {
        if (cred.credentialType !== DL.CredentialType.Pin) continue;
        if (!B.areEqual(auth.decrypt(cred.credentialData), pin)) continue;
        const userIndex = auth.findUserIndexForCredential(DL.CredentialType.Pin, cred.credentialIndex);
        const user = userIndex === null ? undefined : auth.findUser(userIndex);
        return { credentialIndex: cred.credentialIndex, user };
      }
      return undefined;
    }

    /** A PIN typed on the keypad: opens, or is refused with the event a real lock sends. */
    keypad(pinText: string): KeypadResult {
      const pin = Buffer.from(pinText, 'utf8');
      const base = {
        lockOperationType: DL.LockOperationType.Unlock,
        operationSource: DL.OperationSource.Keypad,
      };
      const nobody = { fabricIndex: null, sourceNode: null };
      const refuse = (
        outcome: KeypadOutcome,
        operationError: DoorLock.OperationError,
        userIndex: number | null,
        credentials: DoorLock.Credential[] | null,
      ): KeypadResult => {
        this.events.lockOperationError.emit(
          { ...base, operationError, userIndex, ...nobody, credentials },
          this.context,
        );
        return { outcome, userIndex, lockState: LOCK_STATE_NAMES[this.state.lockState ?? -1] ?? 'unknown' };
      };
      if (this.internal.lockedOutUntil > Date.now())
        return refuse('lockedOut', DL.OperationError.InvalidCredential, null, null);
      const owner = this.#pinOwner(pin);
      if (!owner?.user) {
        this.internal.wrongCodes++;
        if (this.internal.wrongCodes >= this.state.wrongCodeEntryLimit) {
          this.internal.wrongCodes = 0;
          this.internal.lockedOutUntil = Date.now() + this.state.userCodeTemporaryDisableTime * 1000;
          this.events.doorLockAlarm.emit({ alarmCode: DL.AlarmCode.WrongCodeEntryLimit }, this.context);
        }
        return refuse('wrongCode', DL.OperationError.InvalidCredential, null, null);
      }
      this.internal.wrongCodes = 0;
      const { user, credentialIndex } = owner;
      const credentials = [{ credentialType: DL.CredentialType.Pin, credentialIndex }];
      const { weekDays, yearDays } = this.#schedulesOf(user.userIndex);
      const why = refusal(user, weekDays, yearDays);
      if (why)
        return refuse(
          why,
          why === 'userDisabled' ? DL.OperationError.DisabledUserDenied : DL.OperationError.Restricted,
          user.userIndex,
          credentials,
        );
      this.state.lockState = DL.LockState.Unlocked;
      this.events.lockOperation.emit(
        { ...base, userIndex: user.userIndex, ...nobody, credentials },
        this.context,
      );
      return { outcome: 'unlocked', userIndex: user.userIndex, lockState: 'unlocked' };
    }

    /** The thumb turn: no credential, source Manual. */
    manual(action: 'lock' | 'unlock'): LockStateName {
      this.state.lockState = action === 'lock' ? DL.LockState.Locked : DL.LockState.Unlocked;
      this.events.lockOperation.emit(
        {
          lockOperationType: action === 'lock' ? DL.LockOperationType.Lock : DL.LockOperationType.Unlock,
          operationSource: DL.OperationSource.Manual,
          userIndex: null,
          fabricIndex: null,
          sourceNode: null,
          credentials: null,
        },
        this.context,
      );
      return action === 'lock' ? 'locked' : 'unlocked';
    }

    /**
     * A code added at the lock itself (its programming menu, or its maker's app over Bluetooth): a
     * user and PIN created by no Matter fabric, unrestricted, as a real lock's keypad adds them.
     */
    programCode(pinText: string): { userIndex: number; credentialIndex: number } {
      const auth = this.auth;
      const pin = Buffer.from(pinText, 'utf8');
      if (auth.isDuplicateCredential(DL.CredentialType.Pin, pin))
        throw new Error('this PIN is already on the lock');
      const userIndex = auth.findAvailableUserIndex(this.state.numberOfTotalUsersSupported);
      const credentialIndex = auth.findNextAvailableCredentialIndex(
        DL.CredentialType.Pin,
        0,
        this.state.numberOfPinUsersSupported,
      );
      if (userIndex === null || credentialIndex === null)
        throw new Error('the lock has no free user or PIN slot');
      // Fabric index 0: no fabric (the lock's state holds a number; Matter fabrics count from 1).
      const noFabric = 0 as never;
      auth.addCredential(DL.CredentialType.Pin, credentialIndex, pin, noFabric);
      auth.addUser({
        userIndex,
        userName: '',
        userUniqueId: null,
        userStatus: DL.UserStatus.OccupiedEnabled,
        userType: DL.UserType.UnrestrictedUser,
        credentialRule: DL.CredentialRule.Single,
        credentials: [{ credentialType: DL.CredentialType.Pin, credentialIndex }],
        creatorFabricIndex: noFabric,
        lastModifiedFabricIndex: noFabric,
      } as never);
      this.events.lockUserChange.emit(
        {
          lockDataType: DL.LockDataType.Pin,
          dataOperationType: DL.DataOperationType.Add,
          operationSource: DL.OperationSource.Keypad,
          userIndex,
          fabricIndex: null,
          sourceNode: null,
          dataIndex: credentialIndex,
        },
        this.context,
      );
      return { userIndex, credentialIndex };
    }

    jam() {
      this.state.lockState = DL.LockState.NotFullyLocked;
      this.events.doorLockAlarm.emit({ alarmCode: DL.AlarmCode.LockJammed }, this.context);
    }

    /** A remote command with a PIN is held to the PIN's schedule too. */
    #checkRemotePin(pinCode: Bytes | undefined, type: DoorLock.LockOperationType) {
      if (pinCode === undefined) return;
      const owner = this.#pinOwner(pinCode);
      if (!owner?.user) return; // the base class refuses an unknown PIN itself
      const { weekDays, yearDays } = this.#schedulesOf(owner.user.userIndex);
      if (!refusal(owner.user, weekDays, yearDays)) return;
      this.events.lockOperationError.emit(
        {
          lockOperationType: type,
          operationSource: DL.OperationSource.Remote,
          operationError: DL.OperationError.Restricted,
          userIndex: owner.user.userIndex,
          fabricIndex: this.context.fabric ?? null,
          sourceNode: null,
          credentials: [{ credentialType: DL.CredentialType.Pin, credentialIndex: owner.credentialIndex }],
        },
        this.context,
      );
      throw new StatusResponseError('Outside the user\u2019s schedule', Status.Failure);
    }

    override lockDoor(request: DoorLock.LockDoorRequest) {
      this.#checkRemotePin(request.pinCode, DL.LockOperationType.Lock);
      return super.lockDoor(request);
    }

    override unlockDoor(request: DoorLock.UnlockDoorRequest) {
      this.#checkRemotePin(request.pinCode, DL.LockOperationType.Unlock);
      return super.unlockDoor(request);
    }

    override unlockWithTimeout(request: DoorLock.UnlockWithTimeoutRequest) {
      this.#checkRemotePin(request.pinCode, DL.LockOperationType.Unlock);
      return super.unlockWithTimeout(request);
    }

    override setCredential(request: DoorLock.SetCredentialRequest) {
      if (
        request.credential.credentialType === DL.CredentialType.Pin &&
        this.auth.isDuplicateCredential(
          DL.CredentialType.Pin,
          request.credentialData,
          request.credential.credentialIndex,
        )
      ) {
        // The cluster's own status for it, Duplicate, which a controller can tell apart. A lock on the
        // reference SDK puts it in the SetCredentialResponse; matter.js's response type cannot carry it
        // (its status field takes only interaction-model codes), so it goes as the cluster status of a
        // failed command, which the controller reads the same.
        throw new DL.DuplicateError('This PIN is already on the lock');
      }
      return super.setCredential(request);
    }

    #restrict(userIndex: number) {
      const user = this.auth.findUser(userIndex);
      if (user && user.userType === DL.UserType.UnrestrictedUser)
        this.auth.replaceUser(userIndex, { ...user, userType: DL.UserType.ScheduleRestrictedUser });
    }

    override setWeekDaySchedule(request: DoorLock.SetWeekDayScheduleRequest) {
      super.setWeekDaySchedule(request);
      this.#restrict(request.userIndex);
    }

    override setYearDaySchedule(request: DoorLock.SetYearDayScheduleRequest) {
      super.setYearDaySchedule(request);
      this.#restrict(request.userIndex);
    }
  }

  const env = new Environment('virtual-lock', Environment.default);
  await installSnapshotStorage(m, env, o.store, o.onSaveError ?? (() => {}));

  refuseHostNamespaceUnderTest();
  const node = await ServerNode.create({
    id: 'virtual-lock',
    environment: env,
    network: { port: o.port, ipv4: false },
    commissioning: { passcode: o.passcode, discriminator: o.discriminator },
    productDescription: {
      name: o.name ?? 'Latchkey virtual lock',
      deviceType: DeviceTypeId(DoorLockDevice.deviceType),
    },
    basicInformation: {
      vendorName: 'Latchkey',
      vendorId: VendorId(0xfff1),
      productName: 'Virtual door lock',
      productId: 0x8001,
      nodeLabel: o.name ?? 'Virtual door lock',
      serialNumber: `latchkey-virtual-${o.discriminator}`,
    },
  });

  const Battery = PowerSourceServer.with('Battery', 'Replaceable');
  const endpoint = new Endpoint(DoorLockDevice.with(VirtualDoorLockServer, Battery), {
    id: 'lock',
    doorLock: {
      lockState: DL.LockState.Locked,
      lockType: DL.LockType.DeadBolt,
      actuatorEnabled: true,
      operatingMode: DL.OperatingMode.Normal,
      numberOfTotalUsersSupported: o.capacity.users,
      numberOfPinUsersSupported: o.capacity.pinCodes,
      numberOfCredentialsSupportedPerUser: 1,
      numberOfWeekDaySchedulesSupportedPerUser: o.capacity.weekDaySchedulesPerUser,
      numberOfYearDaySchedulesSupportedPerUser: o.capacity.yearDaySchedulesPerUser,
      minPinCodeLength: o.minPinLength ?? 4,
      maxPinCodeLength: o.maxPinLength ?? 8,
      credentialRulesSupport: { single: true },
      wrongCodeEntryLimit: o.wrongCodeEntryLimit ?? 5,
      userCodeTemporaryDisableTime: o.lockoutSeconds ?? 30,
      requirePinForRemoteOperation: false,
    },
    powerSource: {
      status: PowerSource.PowerSourceStatus.Active,
      order: 0,
      description: 'AA batteries',
      batPercentRemaining: 200,
      batChargeLevel: PowerSource.BatChargeLevel.Ok,
      batReplacementNeeded: false,
      batReplaceability: PowerSource.BatReplaceability.UserReplaceable,
      batReplacementDescription: '4 x AA',
      batQuantity: 4,
      batPresent: true,
    },
  });
  await node.add(endpoint);
  await node.start();

  const lockAct = async <T>(fn: (lock: VirtualDoorLockServer) => T): Promise<T> =>
    endpoint.act((agent) => fn(agent.get(VirtualDoorLockServer)));
  const codes = node.state.commissioning.pairingCodes;

  return {
    manualPairingCode: codes.manualPairingCode,
    qrPairingCode: codes.qrPairingCode,
    port: o.port,
    enterPin: (pin) => lockAct((lock) => lock.keypad(pin)),
    turn: (action) => lockAct((lock) => lock.manual(action)),
    jam: () => lockAct((lock) => lock.jam()),
    programCode: (pin) => lockAct((lock) => lock.programCode(pin)),
    async setBattery(percent) {
      await endpoint.set({
        powerSource: {
          batPercentRemaining: Math.round(percent * 2),
          batChargeLevel:
            percent < 10
              ? PowerSource.BatChargeLevel.Critical
              : percent < 25
                ? PowerSource.BatChargeLevel.Warning
                : PowerSource.BatChargeLevel.Ok,
          batReplacementNeeded: percent < 25,
        },
      });
    },
    setClock(to) {
      offsetMs = 'offsetMs' in to ? to.offsetMs : to.at.getTime() - Date.now();
      return now();
    },
    now,
    async status() {
      const s = endpoint.stateOf(VirtualDoorLockServer);
      const named = <T extends object>(e: T, v: number) =>
        Object.entries(e).find(([, n]) => n === v)?.[0] ?? String(v);
      return {
        commissioned: node.state.commissioning.commissioned,
        fabrics: node.state.operationalCredentials.fabrics.length,
        lockState: LOCK_STATE_NAMES[s.lockState ?? -1] ?? 'unknown',
        batteryPercent: (endpoint.stateOf(Battery).batPercentRemaining ?? 0) / 2,
        clock: now().toISOString(),
        timeZone,
        users: s.users.map((u) => ({
          userIndex: u.userIndex,
          name: u.userName,
          type: named(DL.UserType, u.userType),
          status: named(DL.UserStatus, u.userStatus),
          credentials: u.credentials.length,
          weekDaySchedules: s.weekDaySchedules.filter((w) => w.userIndex === u.userIndex).length,
          yearDaySchedules: s.yearDaySchedules.filter((y) => y.userIndex === u.userIndex).length,
        })),
      };
    },
    async close() {
      await node.close();
    },
  };
}
