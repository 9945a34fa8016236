// `npm ci` / `npm install` at the root also installs the TypeScript client's dependencies
// (sdk/typescript). Not when npx links this package into its cache to run `npx latchkey`
// (npm_command=exec): that reinstalled them on the first `npx latchkey` of every checkout, through
// the network, and failed where it could not, so `npx latchkey` failed (the README walk-through).
import { execSync } from 'node:child_process';

if (process.env.npm_command !== 'exec') {
  execSync('npm ci --prefix sdk/typescript --no-audit --no-fund', { stdio: 'inherit' });
}
