// The Latchkey web console: one page, hash routes, Preact (4 KB: the smallest library with
// components and hooks that a newcomer already knows from React).
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { go, useRoute } from './router.ts';
import { loadSession, type Session, saveSession } from './session.ts';
import './style.css';
import { Login } from './views/login.tsx';

function App() {
  const [session, setSession] = useState<Session | undefined>(loadSession);
  const route = useRoute();
  const logout = () => {
    saveSession(undefined);
    setSession(undefined);
    go();
  };
  if (!session)
    return (
      <Login
        onLogin={(s) => {
          saveSession(s);
          setSession(s);
          go(s.kind === 'operator' ? 'organizations' : 'projects');
        }}
      />
    );
  return (
    <div class="shell">
      <nav aria-label="Main">
        <a href="#/" class="brand">
          Latchkey
        </a>
        <span class="who">{session.kind === 'operator' ? 'Operator' : session.clientId}</span>
        <button type="button" onClick={logout}>
          Log out
        </button>
      </nav>
      <main>
        <p>Signed in. Screen: {route.join(' / ') || 'home'}</p>
      </main>
    </div>
  );
}

const root = document.getElementById('app');
if (root) render(<App />, root);
