// The few functions of `semver` (npm's own version-range matcher) the package resolver uses; the package ships no
// types and @types/semver is not installed.
declare module 'semver' {
  export function valid(version: string): string | null;
  export function validRange(range: string): string | null;
  export function satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean;
  export function maxSatisfying(versions: readonly string[], range: string): string | null;
}
