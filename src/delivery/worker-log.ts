// The delivery worker's log: the server's pino logger, or silence (tests, benchmarks).
export interface WorkerLog {
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
  error(o: object, msg?: string): void;
}

export const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };
