// What the service and a bridge say to each other (both sides import this file; it has no code
// that runs). The bridge long-polls for commands and reports results, lock events and lock
// statuses; see docs/matter.md ("The bridge's channel").

/** What the service asks a bridge to do. `reconcile` carries the reconciler's desired state. */
export type CommandKind =
  | 'ping'
  | 'commission'
  | 'operate'
  | 'decommission'
  | 'forget'
  | 'status'
  | 'reconcile';

export interface WireCommand {
  id: string;
  kind: CommandKind;
  /** The service's lock id, which is also the lock's id on the bridge's controller. */
  lockId: string | null;
  payload: Record<string, unknown>;
}

export interface WireError {
  code: string;
  title: string;
  detail: string;
  transient: boolean;
}

export interface WireResult {
  commandId: string;
  ok: boolean;
  result?: unknown;
  error?: WireError;
}

/** A lock event as the controller reported it: the event number as a decimal string, times as ISO. */
export interface WireEvent {
  lockId: string;
  eventNumber: string;
  at: string;
  kind: 'lockOperation' | 'lockOperationError' | 'alarm' | 'userChange';
  /** The rest of the controller's LockEvent (operation, source, userIndex, error, alarm, …). */
  detail: Record<string, unknown>;
  /** Set when the event answers a remote operation this bridge was asked to do. */
  commandId?: string;
}

export interface WireStatus {
  lockId: string;
  reachable: boolean;
  lockState: 'locked' | 'unlocked' | 'jammed' | 'unknown';
  batteryPercent: number | null;
  batteryLevel: 'ok' | 'warning' | 'critical' | null;
}

export interface PollRequest {
  /** One running bridge process (random per start): only the lease holder acts for the locks. */
  instanceId: string;
  /** How long the service may hold the poll open when there is nothing to do (ms). */
  waitMs: number;
}

export interface PollAnswer {
  bridgeId: string;
  commands: WireCommand[];
  /** The locks connected through this bridge, with the event number recorded last for each. */
  locks: { lockId: string; eventsAfter: string | null }[];
}

export interface ReportBody {
  instanceId: string;
  results?: WireResult[];
  events?: WireEvent[];
  statuses?: WireStatus[];
}

export interface ReportAnswer {
  /** How many of the reported events were new (the rest had been recorded before). */
  recorded: number;
}
