// The server's process entry: `npm start` runs its bundle, dist/main.mjs. It is a file of its own
// because main.ts is also bundled into the CLI (dist/cli.mjs), where a start on import would run a
// whole server beside the command: `node dist/cli.mjs worker` was two delivery workers and an API.
import { serve } from './main.ts';

await serve();
