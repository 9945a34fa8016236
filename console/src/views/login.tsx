// Log in as an operator (the admin token) or as an integrator (client id + secret). Both are
// checked against the server before the session starts: the admin token with the organization
// list, client credentials with resource discovery, as any client would.
import { useState } from 'preact/hooks';
import { operatorClient } from '../client.ts';
import { discover, type Session } from '../session.ts';
import { ErrorLine, Field, useAction } from '../ui.tsx';

export function Login({ onLogin }: { onLogin: (s: Session) => void }) {
  const [mode, setMode] = useState<'integrator' | 'operator'>('integrator');
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
      <h1>Latchkey console</h1>
      <div role="tablist" aria-label="Log in as" class="tabs">
        {(['integrator', 'operator'] as const).map((m) => (
          <button
            type="button"
            role="tab"
            aria-selected={mode === m}
            class={mode === m ? 'tab active' : 'tab'}
            onClick={() => setMode(m)}
          >
            {m === 'integrator' ? 'Integrator' : 'Operator'}
          </button>
        ))}
      </div>
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
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Checking…' : 'Log in'}
        </button>
      </form>
    </main>
  );
}
