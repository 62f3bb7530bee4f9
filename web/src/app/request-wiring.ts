import { useLanguage } from '../locales/index.ts';
import { configureRequest, preloadTransport, requestMessages } from '../request/index.ts';
import { notify } from './notify.ts';
import { router } from './router.tsx';

/** Gives the request layer the app's toasts, router, location and language. */
export function wireRequestLayer(): void {
  configureRequest({
    notify: { error: (message, seconds) => notify.error(message, seconds) },
    navigate: (path) => void router.navigate(path),
    currentLocation: () => `${router.state.location.pathname}${router.state.location.search}`,
    t: (key) => requestMessages[useLanguage.getState().language][key],
    language: () => useLanguage.getState().language,
  });
  // axios is not part of the first page's JS: it loads once the page has rendered, before the
  // first call needs it (and with the first call if that comes sooner).
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
  idle(() => preloadTransport());
}
