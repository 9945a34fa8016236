// Log in as an operator (the admin token) or as an integrator (client id + secret). Both are
// checked against the server before the session starts: the admin token with the organization
// list, client credentials with resource discovery, as any client would.
import { useState } from 'preact/hooks';
import { operatorClient } from '../client.ts';
import { discover, type Session } from '../session.ts';
import { ErrorLine, Field, Heading, useAction } from '../ui.tsx';

const MODES = ['integrator', 'operator'] as const;
type Mode = (typeof MODES)[number];

export function Login({ onLogin }: { onLogin: (s: Session) => void }) {
  const [mode, setMode] = useState<Mode>('integrator');
  const [adminToken, setAdminToken] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const { busy, error, run } = useAction();

  const submit = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      if (mode === 'operator') {
        await operatorClient(adminToken).get('/admin/v1/organizations', { query: { limit: 1 } });
        onLogin({ kind: 'operator', adminToken });
      } else {
        const s = { kind: 'integrator' as const, clientId: clientId.trim(), clientSecret };
        await discover(s);
        onLogin(s);
      }
    });
  };

  return (
    <main class="login">
      <Heading title="Log in">Latchkey console</Heading>
      <LoginTabs mode={mode} onChange={setMode} />
      <div id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${mode}`}>
        <form onSubmit={submit} aria-label={mode === 'operator' ? 'Operator login' : 'Integrator login'}>
          {mode === 'operator' ? (
            <Field
              label="Admin token"
              type="password"
              value={adminToken}
              onInput={setAdminToken}
              required
              hint="The server's LATCHKEY_ADMIN_TOKEN"
            />
          ) : (
            <>
              <Field label="Client ID" value={clientId} onInput={setClientId} required />
              <Field
                label="Client secret"
                type="password"
                value={clientSecret}
                onInput={setClientSecret}
                required
              />
            </>
          )}
          <ErrorLine error={error} />
          <button type="submit" class="primary" aria-disabled={busy}>
            {busy ? 'Checking…' : 'Log in'}
          </button>
        </form>
      </div>
    </main>
  );
}

/**
 * The two ways to log in as a tablist (WAI-ARIA Authoring Practices, "Tabs"): one tab stop, the
 * arrow keys, Home and End move between the tabs and select them.
 */
function LoginTabs({ mode, onChange }: { mode: Mode; onChange: (m: Mode) => void }) {
  const move = (e: KeyboardEvent) => {
    const i = MODES.indexOf(mode);
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? MODES[(i + 1) % MODES.length]
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? MODES[(i + MODES.length - 1) % MODES.length]
          : e.key === 'Home'
            ? MODES[0]
            : e.key === 'End'
              ? MODES[MODES.length - 1]
              : undefined;
    if (!next) return;
    e.preventDefault();
    onChange(next);
    document.getElementById(`login-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Log in as" class="tabs" onKeyDown={move}>
      {MODES.map((m) => (
        <button
          key={m}
          id={`login-tab-${m}`}
          type="button"
          role="tab"
          aria-selected={mode === m}
          aria-controls="login-panel"
          tabIndex={mode === m ? 0 : -1}
          class={mode === m ? 'tab active' : 'tab'}
          onClick={() => onChange(m)}
        >
          {m === 'integrator' ? 'Integrator' : 'Operator'}
        </button>
      ))}
    </div>
  );
}
