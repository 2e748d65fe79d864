export function hasProbe(probe: string): boolean;
export function ensureDebian(probe: string, packages: string[], why: string): void;
export const NGINX_MODULES_DIR: string;
export const NJS_MODULE: string;
export function ensureClusterPackages(): void;
