// Hash routes (#/orgs/123): the console is one page served at /console, so every screen has a URL
// that survives a reload and works with the browser's back button, with no server-side routing.
import { useEffect, useState } from 'preact/hooks';
import { focusNextHeading } from './focus.ts';

export function useRoute(): string[] {
  const read = () => location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [parts, setParts] = useState(read);
  useEffect(() => {
    const on = () => {
      focusNextHeading();
      setParts(read());
    };
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return parts;
}

export function href(...parts: string[]): string {
  return `#/${parts.map(encodeURIComponent).join('/')}`;
}

export function go(...parts: string[]): void {
  location.hash = href(...parts);
}
