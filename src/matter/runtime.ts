// The one place that loads matter.js. Everything else in src/ imports matter.js TYPES only
// (`import type`), so nothing in the server's or the CLI's start path loads it: esbuild inlines a
// dynamically imported module of ours into the bundle and hoists that module's static imports of
// external packages to the top of the bundle, so a static `import … from '@matter/main'` anywhere
// in src/ would load matter.js (~60 MB of heap) on every `npm start`. test/matter/lazy.test.ts keeps
// the bundles free of static matter.js imports.
//
// Importing @matter/main builds matter.js's default environment, which by default reads the
// process's argv (`--port` of our own CLI would become a matter.js variable), environment and a
// config.json, traps SIGINT/SIGTERM, sets the exit code, and keeps state in ~/.matter. None of that
// is wanted in a process of ours: it is switched off through @matter/nodejs/config, which must be
// set before @matter/main is first imported. Storage is given to each node explicitly
// (state-store.ts); the default environment gets no filesystem, so nothing is written anywhere else.

import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as Main from '@matter/main';
import type * as DoorLockBehaviors from '@matter/main/behaviors/door-lock';
import type * as PowerSourceBehaviors from '@matter/main/behaviors/power-source';
import type * as DoorLockClusters from '@matter/main/clusters/door-lock';
import type * as PowerSourceClusters from '@matter/main/clusters/power-source';
import type * as DoorLockDevices from '@matter/main/devices/door-lock';
import type * as Types from '@matter/main/types';

export interface Matter {
  main: typeof Main;
  types: typeof Types;
  doorLock: typeof DoorLockBehaviors & typeof DoorLockClusters & typeof DoorLockDevices;
  powerSource: typeof PowerSourceBehaviors & typeof PowerSourceClusters;
}

let loading: Promise<Matter> | undefined;

/**
 * Called before a Matter node goes on the network. Under a test runner (node:test sets
 * NODE_TEST_CONTEXT, and children inherit it), a node may only start inside a named network
 * namespace (`ip netns add`, as the test lab makes them): its mDNS multicast must never reach the
 * host's interfaces. A process is inside one when its own namespace is one of /run/netns/*.
 */
export function refuseHostNamespaceUnderTest(): void {
  if (!process.env.NODE_TEST_CONTEXT) return;
  let inNamed = false;
  try {
    const own = statSync('/proc/self/ns/net').ino;
    inNamed = readdirSync('/run/netns').some((n) => statSync(join('/run/netns', n)).ino === own);
  } catch {
    // no /run/netns: no named namespace exists, so this is the host's
  }
  if (!inNamed)
    throw new Error(
      'matter.js refused to start: a test runs it in the host network namespace, where its mDNS would ' +
        'leave the machine; run it inside the test lab (test/helpers/netns.ts)',
    );
}

/** matter.js's log levels that we let through (its own default is "info", per received event). */
export type MatterLogLevel = 'debug' | 'info' | 'notice' | 'warn' | 'error' | 'fatal';

/**
 * Loads matter.js once per process, configured for a process of ours. `logLevel` applies to the
 * first call (matter.js's logger is global).
 */
export function loadMatter(logLevel: MatterLogLevel = 'warn'): Promise<Matter> {
  loading ??= (async () => {
    const { config } = await import('@matter/nodejs/config');
    config.loadProcessArgv = false;
    config.loadProcessEnv = false;
    config.loadConfigFile = false;
    config.trapProcessSignals = false;
    config.trapUnhandledErrors = false;
    config.setProcessExitCodeOnError = false;
    config.installFilesystem = false;
    config.storageDriver = 'memory';
    const [main, types, dlBehaviors, dlClusters, dlDevices, psBehaviors, psClusters] = await Promise.all([
      import('@matter/main'),
      import('@matter/main/types'),
      import('@matter/main/behaviors/door-lock'),
      import('@matter/main/clusters/door-lock'),
      import('@matter/main/devices/door-lock'),
      import('@matter/main/behaviors/power-source'),
      import('@matter/main/clusters/power-source'),
    ]);
    main.Logger.level = main.LogLevel(logLevel);
    // Matter itself requires IPv6; IPv4 is optional and only doubles the mDNS traffic.
    main.Environment.default.vars.set('mdns.ipv4', false);
    return {
      main,
      types,
      doorLock: { ...dlBehaviors, ...dlClusters, ...dlDevices },
      powerSource: { ...psBehaviors, ...psClusters },
    };
  })();
  return loading;
}
