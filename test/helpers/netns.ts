// Private networks for tests that speak Matter. Matter finds devices by mDNS (multicast), which
// must never reach the host's own interfaces, and does not work on plain loopback. So each test
// builds its own little LAN out of Linux network namespaces:
//
//   [ns <run>-lock] eth0 ──veth── p1 ┐
//   [ns <run>-ctl]  eth0 ──veth── p2 ┤ br0 in [ns <run>-hub]
//   …                                ┘
//
// Every host namespace gets loopback, one veth whose other end is a port of a bridge in a hub
// namespace, a hand-set IPv6 address (ULA, fd6c:6b74:<run>::<n>/64, no duplicate-address
// detection so it is usable at once) and a multicast route, and nothing else: no route out, no
// IPv4. Both ends of each veth are created directly inside their namespaces, so no interface ever
// appears on the host. Children run inside with `ip netns exec`; the test process itself stays on
// the host namespace and talks to them through pipes (or Unix sockets in a temp directory).
//
// Namespaces are named `lkt-<pid>-<n>-<host>`. close() removes them (deleting a namespace deletes
// its veth ends, and kills nothing: children are killed first); a run killed before it could do so
// leaves them behind, and the next run removes those whose pid is gone (`ip netns list`).
// Root and iproute2 are needed; CI has both (.ci/run installs iproute2). On a machine without them
// the tests fail, unless LATCHKEY_SKIP_NETNS_TESTS=1 says to skip them (loudly).
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process';

const PREFIX = 'lkt-';
let runs = 0;

export interface NetnsHost {
  name: string;
  /** The namespace's name (for `ip netns exec`). */
  ns: string;
  /** The host's IPv6 address on the test LAN. */
  address: string;
}

export interface Netns {
  hosts: Record<string, NetnsHost>;
  /** Starts a process inside the host's namespace. */
  spawn(host: string, command: string, args: string[], options?: SpawnOptions): ChildProcess;
  /** Runs a command inside the host's namespace and returns its output. */
  exec(host: string, command: string, args: string[]): string;
  /** Takes the host off the LAN (its link down) or puts it back. */
  setLink(host: string, up: boolean): void;
  /** Kills what spawn() started that is still running, then removes the namespaces. Idempotent. */
  close(): Promise<void>;
}

function ip(args: string[]): string {
  return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Why namespaces cannot be made here, or undefined when they can. */
export function netnsUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'network namespaces are Linux-only';
  if (process.getuid?.() !== 0) return 'creating network namespaces needs root';
  try {
    ip(['-V']);
  } catch {
    return '`ip` (iproute2) is not installed';
  }
  return undefined;
}

/**
 * The `skip` option for a test that needs namespaces: false when they can be made; otherwise a
 * thrown error (the test must fail, as in CI), unless LATCHKEY_SKIP_NETNS_TESTS=1 asks to skip.
 */
export function netnsSkip(): false | string {
  const why = netnsUnavailable();
  if (!why) return false;
  if (process.env.LATCHKEY_SKIP_NETNS_TESTS === '1') {
    const message = `SKIPPED the Matter tests: ${why} (LATCHKEY_SKIP_NETNS_TESTS=1). CI runs them.`;
    process.stderr.write(`\n${'!'.repeat(message.length)}\n${message}\n${'!'.repeat(message.length)}\n\n`);
    return message;
  }
  throw new Error(
    `these tests need Linux network namespaces, and ${why}. Run them as root with iproute2 installed ` +
      '(as CI does), or set LATCHKEY_SKIP_NETNS_TESTS=1 to skip them on this machine.',
  );
}

/** Removes namespaces left by test runs whose process is gone. */
export function removeStaleNamespaces(): void {
  for (const line of ip(['netns', 'list']).split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const m = /^lkt-(\d+)-/.exec(name);
    if (m && !alive(Number(m[1]))) {
      try {
        ip(['netns', 'del', name]);
      } catch {
        // another run removed it meanwhile
      }
    }
  }
}

export async function createNetns(hostNames: string[]): Promise<Netns> {
  removeStaleNamespaces();
  const run = `${PREFIX}${process.pid}-${++runs}`;
  const subnet = `fd6c:6b74:${(process.pid % 0xffff).toString(16)}:${runs.toString(16)}`;
  const hub = `${run}-hub`;
  const made: string[] = [];
  const children = new Set<ChildProcess>();
  const hosts: Record<string, NetnsHost> = {};
  const inNs = (ns: string, args: string[]) => ip(['-n', ns, ...args]);
  const sysctl = (ns: string, settings: string[]) =>
    execFileSync('ip', ['netns', 'exec', ns, 'sysctl', '-q', '-w', ...settings], { stdio: 'ignore' });

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await Promise.all(
      [...children].map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGKILL');
          }),
      ),
    );
    for (const ns of made.reverse()) {
      try {
        ip(['netns', 'del', ns]);
      } catch {
        // already gone
      }
    }
  };

  try {
    ip(['netns', 'add', hub]);
    made.push(hub);
    // The hub only switches frames: no addresses of its own, no IGMP/MLD snooping (which would hold
    // back mDNS until a querier shows up).
    sysctl(hub, ['net.ipv6.conf.all.disable_ipv6=1', 'net.ipv6.conf.default.disable_ipv6=1']);
    inNs(hub, ['link', 'add', 'br0', 'type', 'bridge', 'mcast_snooping', '0']);
    inNs(hub, ['link', 'set', 'br0', 'up']);
    hostNames.forEach((name, i) => {
      const ns = `${run}-${name}`;
      ip(['netns', 'add', ns]);
      made.push(ns);
      sysctl(ns, ['net.ipv6.conf.all.accept_dad=0', 'net.ipv6.conf.default.accept_dad=0']);
      inNs(ns, ['link', 'set', 'lo', 'up']);
      const port = `p${i + 1}`;
      ip(['link', 'add', 'eth0', 'netns', ns, 'type', 'veth', 'peer', 'name', port, 'netns', hub]);
      inNs(hub, ['link', 'set', port, 'master', 'br0']);
      inNs(hub, ['link', 'set', port, 'up']);
      const address = `${subnet}::${(i + 1).toString(16)}`;
      inNs(ns, ['-6', 'addr', 'add', `${address}/64`, 'dev', 'eth0', 'nodad']);
      inNs(ns, ['link', 'set', 'eth0', 'up']);
      hosts[name] = { name, ns, address };
    });
  } catch (e) {
    await close();
    throw e;
  }

  const nsOf = (host: string) => {
    const h = hosts[host];
    if (!h) throw new Error(`no host ${host} in this network`);
    return h.ns;
  };

  return {
    hosts,
    spawn(host, command, args, options = {}) {
      if (closed) throw new Error('the network is closed');
      const child = spawn('ip', ['netns', 'exec', nsOf(host), command, ...args], options);
      children.add(child);
      child.once('exit', () => children.delete(child));
      return child;
    },
    exec(host, command, args) {
      return execFileSync('ip', ['netns', 'exec', nsOf(host), command, ...args], { encoding: 'utf8' });
    },
    setLink(host, up) {
      inNs(nsOf(host), ['link', 'set', 'eth0', up ? 'up' : 'down']);
    },
    close,
  };
}
