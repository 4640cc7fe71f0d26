// The one gate every online lookup of the extension goes through: in an untrusted workspace, or while the user has
// not turned online lookups on, the fetch itself refuses before any connection is made — so no code path that
// forgets to check the settings can send a request.
import type { FetchLike } from './http';

export class OnlineLookupsOff extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'OnlineLookupsOff';
  }
}

export function gatedFetch(fetch: FetchLike, policy: { trusted: boolean; enabled: boolean }): FetchLike {
  return async (url, init) => {
    if (!policy.trusted) throw new OnlineLookupsOff('online lookups are off in an untrusted workspace');
    if (!policy.enabled) throw new OnlineLookupsOff('online lookups are off (citescribe.enrich.online)');
    return fetch(url, init);
  };
}
