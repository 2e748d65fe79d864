/** A file path, a command on PATH, or a function that answers whether it is there. */
export type Probe = string | (() => boolean);
/** What a command needs from Debian: the probe, the packages that bring it, and why (said when installing). */
export type DebianNeed = readonly [probe: Probe, packages: readonly string[], why: string];
export function hasProbe(probe: Probe): boolean;
export function ensureDebianAll(needs: readonly DebianNeed[]): void;
export function missingPackages(needs: readonly DebianNeed[]): string[];
export function ensureDebian(probe: Probe, packages: readonly string[], why: string): void;
export const NGINX_MODULES_DIR: string;
export const NJS_MODULE: string;
export const CLUSTER_PACKAGES: readonly DebianNeed[];
export function ensureClusterPackages(): void;
