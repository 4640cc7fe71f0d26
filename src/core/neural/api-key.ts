// The server engine's API key is stored once (VS Code's secret storage) but the server URL is a setting a workspace
// may override: a cloned repository's .vscode/settings.json could point `citescribe.server.url` at its own host and
// receive the user's key. So a key is stored with the origin it was entered for and sent nowhere else, never over
// plain http off this machine, and never printed back.
import { ServerError } from './errors';

interface StoredApiKey {
  /** `https://api.example.com` — scheme, host and port the key was entered for. */
  origin: string;
  key: string;
}

/** The secret as stored: JSON with its origin. */
export function encodeStoredApiKey(url: string, key: string): string {
  return JSON.stringify({ origin: new URL(url).origin, key } satisfies StoredApiKey);
}

/**
 * Reads the stored secret. A key saved before keys were bound to an origin (a bare string) has no origin and is
 * sent to no server until it is entered again.
 */
export function decodeStoredApiKey(secret: string | undefined): StoredApiKey | undefined {
  if (!secret) return undefined;
  try {
    const parsed = JSON.parse(secret) as Partial<StoredApiKey>;
    if (typeof parsed.origin === 'string' && typeof parsed.key === 'string' && parsed.key) return { origin: parsed.origin, key: parsed.key };
  } catch {
    // a bare legacy key
  }
  return { origin: '', key: secret };
}

type ApiKeyChoice =
  | { kind: 'none' }
  | { kind: 'send'; key: string }
  /** A key exists, but for another origin (or none): the user must enter one for this server. */
  | { kind: 'other-origin'; storedFor: string };

/** Which key, if any, may go to `url`. */
export function apiKeyFor(stored: StoredApiKey | undefined, url: string): ApiKeyChoice {
  if (!stored) return { kind: 'none' };
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return { kind: 'other-origin', storedFor: stored.origin };
  }
  return stored.origin === origin ? { kind: 'send', key: stored.key } : { kind: 'other-origin', storedFor: stored.origin };
}

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** Throws before a key would travel in clear text off this machine. */
export function assertKeyTransport(url: string): void {
  const u = new URL(url);
  if (u.protocol === 'http:' && !isLoopbackHost(u.hostname)) {
    throw new ServerError(`refusing to send the API key to ${u.host} over plain http: use https, or a server on this machine`);
  }
}

/** Removes the key from text shown to the user (an error body that echoes the request headers). */
export function redactKey(text: string, key: string | undefined): string {
  if (!key || key.length < 4) return text;
  return text.split(key).join('[API key]');
}
