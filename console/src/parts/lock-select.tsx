// Lock pickers: the one of the create forms (keys, sharing rights, webhooks), which starts on the
// first lock, and the filter of the lists (keys, access log), which starts on all of them.
import { useState } from 'preact/hooks';
import type { Lock } from '../client.ts';

type Locks = Pick<Lock, 'id' | 'name'>[] | undefined;

/** The lock a create form has chosen: the first one until another is picked. */
export function useLockChoice(locks: Locks): [string, (id: string) => void] {
  const [lockId, setLockId] = useState('');
  return [lockId || locks?.[0]?.id || '', setLockId];
}

/** A lock's name for the lists, its id until the locks have arrived (or when it is gone). */
export function lockNameOf(locks: Locks): (id: string) => string {
  return (id) => locks?.find((l) => l.id === id)?.name ?? id;
}

const lockOptions = (locks: Locks) =>
  locks?.map((l) => (
    <option key={l.id} value={l.id}>
      {l.name}
    </option>
  ));

export function LockSelect(props: {
  id: string;
  locks: Locks;
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <div class="field">
      <label for={props.id}>Lock</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        required
      >
        {lockOptions(props.locks)}
      </select>
    </div>
  );
}

/** A list's lock filter: every lock, or one. */
export function LockFilter(props: { locks: Locks; value: string; onChange: (id: string) => void }) {
  return (
    <label>
      Lock{' '}
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">All locks</option>
        {lockOptions(props.locks)}
      </select>
    </label>
  );
}
