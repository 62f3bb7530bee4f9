import { useLanguage } from '../locales/index.ts';
import { configureRequest, requestMessages } from '../request/index.ts';
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
}
