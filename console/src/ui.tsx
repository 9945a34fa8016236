// Small shared pieces: a labelled field, a button that shows it is working, an error line that
// shows the server's own words, and a "shown once" secret box with a copy button.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { announce } from './announce.ts';
import { LatchkeyError } from './client.ts';
import { headingRendered } from './focus.ts';

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

/**
 * The server's words for a failure: its detail, and each invalid field with its reason, named by
 * the label the person sees (`labels` maps the API's field names, `appUserId` → "Phone number").
 * Not a live region itself: actions announce their outcome once, politely (useAction).
 */
export function ErrorLine({ error, labels }: { error: unknown; labels?: Readonly<Record<string, string>> }) {
  if (!error) return null;
  const params = error instanceof LatchkeyError ? error.invalidParams : [];
  return (
    <div class="error">
      <p>{message(error)}</p>
      {params.length > 0 && (
        <ul>
          {params.map((p) => (
            <li key={p.name}>
              <strong>{labelOf(p.name, labels)}</strong>: {p.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The server's own words (detail, or the OAuth error description), not the request line. */
export function message(error: unknown): string {
  if (error instanceof LatchkeyError)
    return error.detail ?? error.title ?? `The server answered ${error.status}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * `keys.0.appUserId` → `appUserId` (the console sends one item at a time, so the index says
 * nothing), then the form's label for it when it has one.
 */
function labelOf(name: string, labels: Readonly<Record<string, string>> | undefined): string {
  const field = name.replace(/^[a-zA-Z]+\.\d+\./, '');
  return labels?.[field] ?? field;
}

export interface Action {
  busy: boolean;
  error: unknown;
  /** What the last successful run said it did ("Key created for …"), shown and announced. */
  done: string;
  /** Runs `fn`; the sentence it returns (if any) is shown and announced, as is its failure. */
  run: (fn: () => Promise<unknown>) => Promise<void>;
}

/**
 * Runs an async action with a busy flag and the error it threw (if any), one at a time: a run
 * asked for while one is under way is ignored, so a double click (or a second click before the
 * button shows it is busy) sends once. Buttons show busy with aria-disabled, not disabled: a
 * focused button that becomes disabled drops keyboard focus to the top of the page.
 */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [done, setDone] = useState('');
  const running = useRef(false);
  const run = async (fn: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(undefined);
    try {
      const said = await fn();
      setDone(typeof said === 'string' ? said : '');
      if (typeof said === 'string' && said) announce(said);
    } catch (e) {
      setError(e);
      setDone('');
      announce(message(e));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, error, done, run };
}

/** What an action said it did, in green: shown, not announced again (useAction announced it). */
export function Done({ action }: { action: Action }) {
  return action.done ? <p class="ok">{action.done}</p> : null;
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

/** The screen's name: the tab's title, and its one <h1>, which takes focus after navigation. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Latchkey console`;
  }, [title]);
}

export function Heading({ children, title }: { children: ComponentChildren; title: string }) {
  useTitle(title);
  const ref = useRef<HTMLHeadingElement>(null);
  // After every render: a tab change keeps this element, and navigation still asks it for focus.
  useEffect(() => headingRendered(ref.current));
  return (
    <h1 tabIndex={-1} ref={ref}>
      {children}
    </h1>
  );
}

export function Page(props: { title: string; actions?: ComponentChildren; children: ComponentChildren }) {
  return (
    <section>
      <header class="page-head">
        <Heading title={props.title}>{props.title}</Heading>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}
