// The Latchkey web console: one page, hash routes, Preact (4 KB: the smallest library with
// components and hooks that a newcomer already knows from React).
import { render } from 'preact';
import { useState } from 'preact/hooks';
import { bindAnnouncer } from './announce.ts';
import { preloadTimeFormat } from './client.ts';
import { focusNextHeading, watchLostFocus } from './focus.ts';
import { go, useRoute } from './router.ts';
import { loadSession, type Session, saveSession } from './session.ts';
import './style.css';
import { Login } from './views/login.tsx';
import { Organization, Organizations } from './views/operator.tsx';
import { ProjectView } from './views/project.tsx';
import { Projects } from './views/projects.tsx';

// The screen a link named before the login was asked for (a deep link): shown after it.
let askedFor = location.hash.replace(/^#\/?/, '');

function App() {
  const [session, setSession] = useState<Session | undefined>(loadSession);
  const route = useRoute();
  const logout = () => {
    saveSession(undefined);
    setSession(undefined);
    focusNextHeading();
    go();
  };
  return (
    <>
      {/* One polite live region for the whole page (announce.ts). */}
      <div class="sr-only" aria-live="polite" ref={bindAnnouncer} />
      {session ? (
        <Shell session={session} route={route} logout={logout} />
      ) : (
        <Login
          onLogin={(s) => {
            saveSession(s);
            setSession(s);
            focusNextHeading();
            const home = s.kind === 'operator' ? 'organizations' : 'projects';
            if (askedFor && askedFor.split('/')[0] === home) location.hash = `#/${askedFor}`;
            else go(home);
            askedFor = '';
          }}
        />
      )}
    </>
  );
}

function Shell({ session, route, logout }: { session: Session; route: string[]; logout: () => void }) {
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
        <Screen session={session} route={route} />
      </main>
    </div>
  );
}

function Screen({ session, route }: { session: Session; route: string[] }) {
  const [top, id, tab, ...rest] = route;
  if (session.kind === 'operator') {
    if (top === 'organizations' && id) return <Organization session={session} organizationId={id} />;
    return <Organizations session={session} />;
  }
  if (top === 'projects' && id)
    return <ProjectView session={session} projectId={id} tab={tab ?? 'locks'} rest={rest} />;
  return <Projects session={session} />;
}

const root = document.getElementById('app');
if (root) {
  watchLostFocus(root);
  render(<App />, root);
  preloadTimeFormat();
}
