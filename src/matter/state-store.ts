// Where a Matter node (our controller, or a virtual lock) keeps what it must not forget: for the
// controller, its fabric (root certificate and key, operational certificate, node ids of the locks
// it commissioned, their session resumption data); for a lock, its fabrics, users, PIN credentials,
// schedules and event counter. matter.js keeps it as a key-value store; here it is one opaque
// snapshot (a JSON text), written whole after every change, so that whoever keeps it can keep it
// anywhere: a file (this file), memory (tests), or the service's store, encrypted with the master
// key (the bridge), from which another bridge host can take over by loading the same snapshot.
// The snapshot holds private keys: treat it like the master key.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StorageDriver, SupportedStorageTypes } from '@matter/main';
import type { Matter } from './runtime.ts';

export interface MatterStateStore {
  /** The last snapshot saved, or undefined before the first one. */
  load(): Promise<string | undefined>;
  /** Replaces the snapshot; resolves once it is durable. Calls never overlap. */
  save(snapshot: string): Promise<void>;
}

/** A snapshot in memory: tests, and a bridge host's hand-over (the text is the export). */
export class MemoryStateStore implements MatterStateStore {
  constructor(public snapshot?: string) {}
  async load() {
    return this.snapshot;
  }
  async save(snapshot: string) {
    this.snapshot = snapshot;
  }
}

/** A snapshot in a file (mode 0600), replaced by a rename so a crash never leaves half of one. */
export class FileStateStore implements MatterStateStore {
  constructor(readonly path: string) {}
  async load() {
    try {
      return await readFile(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }
  async save(snapshot: string) {
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const tmp = `${this.path}.${randomUUID()}.tmp`;
    await writeFile(tmp, snapshot, { mode: 0o600, flush: true });
    await rename(tmp, this.path);
  }
}

type Data = Record<string, Record<string, SupportedStorageTypes>>;

/** The matter.js storage driver over a snapshot store, and what its owner needs of it. */
export interface SnapshotStorage {
  driverId: string;
  /** Resolves once every change made so far is saved (rejects with the save's error). */
  flush(): Promise<void>;
  /** The current snapshot, as save() would write it. */
  snapshot(): string;
  /** Our own small records kept in the same snapshot (a context matter.js does not use). */
  getOwn(key: string): SupportedStorageTypes | undefined;
  setOwn(key: string, value: SupportedStorageTypes): void;
}

const OWN_CONTEXT = 'latchkey';

let drivers = 0;

/**
 * Gives `env` (a matter.js Environment of one node) its own StorageService whose only driver keeps
 * the node's data in memory and saves a snapshot to `store` after changes. Saves are coalesced: one
 * at a time, the next one taking every change made meanwhile.
 */
export async function installSnapshotStorage(
  m: Matter,
  env: InstanceType<Matter['main']['Environment']>,
  store: MatterStateStore,
  onSaveError: (e: unknown) => void,
): Promise<SnapshotStorage> {
  const { MemoryStorageDriver, StorageService, fromJson, toJson } = m.main;
  const text = await store.load();
  const data = (text === undefined ? {} : fromJson(text)) as Data;
  let saving: Promise<void> | undefined;
  let dirty = false;
  let lastError: unknown;

  const saveLoop = async () => {
    while (dirty) {
      dirty = false;
      try {
        await store.save(toJson(data as SupportedStorageTypes));
        lastError = undefined;
      } catch (e) {
        dirty = true;
        lastError = e;
        onSaveError(e);
        return;
      }
    }
  };
  const changed = () => {
    dirty = true;
    saving ??= saveLoop().finally(() => {
      saving = undefined;
    });
  };
  const flush = async () => {
    if (saving) await saving;
    if (dirty) {
      changed();
      await saving;
    }
    if (lastError !== undefined) throw lastError;
  };

  class SnapshotDriver extends MemoryStorageDriver {
    override set(
      contexts: string[],
      keyOrValues: string | Record<string, SupportedStorageTypes>,
      value?: unknown,
    ) {
      if (typeof keyOrValues === 'string') super.set(contexts, keyOrValues, value as SupportedStorageTypes);
      else super.set(contexts, keyOrValues);
      changed();
    }
    override delete(contexts: string[], key: string) {
      super.delete(contexts, key);
      changed();
    }
    override clearAll(contexts: string[]) {
      super.clearAll(contexts);
      changed();
    }
    override async close() {
      await flush().catch(() => {}); // reported through onSaveError already
      await super.close();
    }
  }

  const driver = new SnapshotDriver(data);
  const driverId = `latchkey-snapshot-${++drivers}`;
  const service = new StorageService(env);
  service.registerDriver({
    id: driverId,
    // Handed over initialized, as matter.js's own memory driver is (and again after a close).
    create: () => {
      if (!driver.initialized) driver.initialize();
      return driver as unknown as StorageDriver;
    },
  });
  service.configuredDriver = driverId;
  return {
    driverId,
    flush,
    snapshot: () => toJson(data as SupportedStorageTypes),
    getOwn: (key) => data[OWN_CONTEXT]?.[key],
    setOwn(key, value) {
      data[OWN_CONTEXT] ??= {};
      data[OWN_CONTEXT][key] = value;
      changed();
    },
  };
}
