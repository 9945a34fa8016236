// Which PostgreSQL a URL names, in words for messages: `user@host:port/database`. Never the
// password, nor the URL's options.

/** `app@db.example:5432/latchkey` (the port always shown; PostgreSQL's default when the URL has none). */
export function pgTarget(url: string): string {
  try {
    const u = new URL(url);
    // A Unix socket is named by a `host` option (postgres:///db?host=/run/postgresql).
    const host = u.hostname || u.searchParams.get('host') || 'localhost';
    const port = u.port || u.searchParams.get('port') || '5432';
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    return `${user}${host}:${port}${u.pathname.length > 1 ? decodeURIComponent(u.pathname) : ''}`;
  } catch {
    return 'DATABASE_URL (not a URL)';
  }
}
