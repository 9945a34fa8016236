// The web console's static bundle (console/src → one JS and one CSS file with content hashes), built
// with esbuild in memory the first time /console is asked for and kept for the process's life. Built
// lazily, like /docs, so a process that never serves the console spends nothing on it (neither the
// build's time nor esbuild's memory); built from the sources at run time, so it can never be stale.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from '../root.ts';

export interface Asset {
  body: Buffer;
  /** Compressed once at build time, for a slow laptop on a slow link (docs/console.md, "Figures"). */
  br: Buffer;
  gzip: Buffer;
  type: string;
}

export interface ConsoleBundle {
  /** The HTML page (never cached: it names the hashed assets). */
  html: string;
  /** Hashed asset file name → content (cached for a year: a change makes a new name). */
  assets: Map<string, Asset>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export async function buildConsole(): Promise<ConsoleBundle> {
  // esbuild's API too is loaded on first use, not at the top of the module.
  const { build } = await import('esbuild');
  const r = await build({
    entryPoints: { console: join(ROOT, 'console', 'src', 'main.tsx') },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    minify: true,
    sourcemap: false,
    write: false,
    outdir: '/console-out',
    entryNames: '[name]-[hash]',
    loader: { '.css': 'css' },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    absWorkingDir: ROOT,
  });
  const assets = new Map<string, Asset>();
  let js = '';
  let css = '';
  for (const f of r.outputFiles) {
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    const ext = name.slice(name.lastIndexOf('.'));
    const body = Buffer.from(f.contents);
    assets.set(name, {
      body,
      br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(body, { level: 9 }),
      type: TYPES[ext] ?? 'application/octet-stream',
    });
    if (ext === '.js') js = name;
    if (ext === '.css') css = name;
  }
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Latchkey console</title>
<link rel="icon" href="data:,">
${css ? `<link rel="stylesheet" href="/console/assets/${css}">` : ''}
<script type="module" src="/console/assets/${js}"></script>
</head>
<body><div id="app"><noscript>The Latchkey console needs JavaScript.</noscript></div></body>
</html>
`;
  return { html, assets };
}

/** A strong ETag for a body. */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}
