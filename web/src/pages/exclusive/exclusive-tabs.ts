/** The tabs of 专属设计师, kept in the address bar as `?tab=`. */
export const exclusiveTabs = ['application', 'providers', 'contracts'] as const;
export type ExclusiveTab = (typeof exclusiveTabs)[number];

export function tabFromSearch(search: URLSearchParams): ExclusiveTab {
  return exclusiveTabs.find((tab) => tab === search.get('tab')) ?? 'application';
}

/**
 * The address of another tab: only `tab` (and, for the application, the chosen `provider`)
 * survive, so one tab's filters do not leak into another's.
 */
export function searchForTab(tab: ExclusiveTab, extra: Record<string, string> = {}): URLSearchParams {
  const search = new URLSearchParams(tab === 'application' ? {} : { tab });
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  return search;
}

/** The provider chosen on the application tab (`?provider=`), if it is a positive integer. */
export function providerFromSearch(search: URLSearchParams): number | undefined {
  const n = Number(search.get('provider'));
  return Number.isInteger(n) && n >= 1 ? n : undefined;
}
