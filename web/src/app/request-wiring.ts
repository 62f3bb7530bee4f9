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
  // axios is not part of the first page's JS: it loads with the first call, or ahead of it as
  // soon as the visitor does anything (a touch, a key, a field focused: on the login page, while
  // the account is being typed). Not on idle: a phone opening the login page would download it
  // within its first seconds whether or not anyone signs in (issue 21 item 2).
  const events = ['pointerdown', 'keydown', 'focusin'] as const;
  const preload = () => {
    for (const event of events) document.removeEventListener(event, preload, true);
    preloadTransport();
  };
  for (const event of events) document.addEventListener(event, preload, { capture: true, passive: true });
}
