// Small shared pieces: a labelled field, a button that shows it is working, an error line that
// shows the server's own words, and a "shown once" secret box with a copy button.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { LatchkeyError } from './client.ts';

let nextId = 0;
export function Field(props: {
  label: string;
  value: string;
  onInput: (v: string) => void;
  type?: 'text' | 'password' | 'url' | 'datetime-local' | 'number' | 'tel';
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  hint?: string;
}) {
  const [id] = useState(() => `f${++nextId}`);
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      <input
        id={id}
        type={(props.type ?? 'text') as 'text'}
        value={props.value}
        required={props.required}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onInput={(e) => props.onInput((e.target as HTMLInputElement).value)}
      />
      {props.hint && (
        <small id={`${id}-hint`} class="hint">
          {props.hint}
        </small>
      )}
    </div>
  );
}

/** A phone number field (E.164, as the API takes it). */
export function PhoneField(props: {
  label: string;
  value: string;
  onInput: (v: string) => void;
  required?: boolean;
}) {
  return <Field {...props} type="tel" placeholder="+4799887766" />;
}

/** The server's words for a failure: its detail, and each invalid field with its reason. */
export function ErrorLine({ error }: { error: unknown }) {
  if (!error) return null;
  const params = error instanceof LatchkeyError ? error.invalidParams : [];
  return (
    <div class="error" role="alert">
      <p>{message(error)}</p>
      {params.length > 0 && (
        <ul>
          {params.map((p) => (
            <li key={p.name}>
              <code>{fieldName(p.name)}</code> {p.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The server's own words (detail, or the OAuth error description), not the request line. */
function message(error: unknown): string {
  if (error instanceof LatchkeyError)
    return error.detail ?? error.title ?? `The server answered ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/** `keys.0.appUserId` → `appUserId`: the console sends one item at a time, so the index says nothing. */
function fieldName(name: string): string {
  return name.replace(/^[a-zA-Z]+\.\d+\./, '');
}

export interface Action {
  busy: boolean;
  error: unknown;
  run: (fn: () => Promise<void>) => Promise<void>;
}

/**
 * Runs an async action with a busy flag and the error it threw (if any), one at a time: a run
 * asked for while one is under way is ignored, so a double click (or a second click before the
 * button shows it is disabled) sends once.
 */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const running = useRef(false);
  const run = async (fn: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await fn();
    } catch (e) {
      setError(e);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, error, run };
}

export function SecretOnce({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="secret" role="status">
      <p>
        <strong>{label}</strong> — shown once; copy it now.
      </p>
      <code data-testid="secret">{value}</code>
      <button
        type="button"
        onClick={async () => {
          await navigator.clipboard?.writeText(value).catch(() => {});
          setCopied(true);
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}

export function Page(props: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  return (
    <section>
      <header class="page-head">
        <h1>{props.title}</h1>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}
