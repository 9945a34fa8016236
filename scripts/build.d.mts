// Types of scripts/build.mjs (plain JavaScript so that bin/latchkey.js can build without tsx).
export declare const ROOT: string;
export declare const DIST: string;
export declare function buildBundles(outdir?: string): { main: string; cli: string };
export declare const SHORT_LIVED_FLAGS: readonly string[];
export declare function startFlags(): string[];
export declare function startArgs(): string[];
export declare function relaunchWithFlags(flags: readonly string[]): string[];
