import { theme } from 'antd';
// antd's App context on its own: antd's `App` also builds the modal hook (dialog, confirm,
// skeleton: ~12 KB gzip) into the very first page, and its message and notification hooks (~8 KB)
// too. Here each loads when first used. The console wraps its pages in antd's full `App`
// (ConsoleRoot).
import AppContext, { type useAppProps } from 'antd/es/app/context';
import type { MessageInstance, MessageType } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import {
  type ComponentType,
  type Key,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { FeedbackApi } from './FeedbackHolder.tsx';

type ModalInstance = ReturnType<ModalApi['confirm']>;
type Holder<Api> = LazyExoticComponent<ComponentType<{ onReady(api: Api): void }>>;

const ModalHolder: Holder<ModalApi> = lazy(() => import('./ModalHolder.tsx'));
const FeedbackHolder: Holder<FeedbackApi> = lazy(() => import('./FeedbackHolder.tsx'));

type MessageMethod = 'info' | 'success' | 'error' | 'warning' | 'loading' | 'open';
type NotificationMethod = 'info' | 'success' | 'error' | 'warning' | 'open';

/** antd's message API, its hook loaded on first use; each message closes and resolves as antd's would. */
function lazyMessage(load: () => Promise<FeedbackApi>): MessageInstance {
  const show =
    (method: MessageMethod) =>
    (...args: unknown[]): MessageType => {
      // Boxed: antd's handle is itself awaitable, and a promise would wait for it to close.
      const shown = load().then(({ message }) => ({
        close: (message[method] as (...a: unknown[]) => MessageType)(...args),
      }));
      const close = () => void shown.then((opened) => opened.close());
      // biome-ignore lint/suspicious/noThenProperty: antd's message handle is awaitable.
      close.then = (resolve?: (value: boolean) => unknown, reject?: (reason: unknown) => unknown) =>
        shown.then((opened) => opened.close.then(resolve, reject), reject);
      return close as unknown as MessageType;
    };
  return {
    info: show('info'),
    success: show('success'),
    error: show('error'),
    warning: show('warning'),
    loading: show('loading'),
    open: show('open'),
    destroy: (key?: Key) => void load().then(({ message }) => message.destroy(key)),
  } as MessageInstance;
}

/** antd's notification API, its hook loaded on first use. */
function lazyNotification(load: () => Promise<FeedbackApi>): NotificationInstance {
  const show =
    (method: NotificationMethod) =>
    (...args: unknown[]) =>
      void load().then(({ notification }) => (notification[method] as (...a: unknown[]) => void)(...args));
  return {
    info: show('info'),
    success: show('success'),
    error: show('error'),
    warning: show('warning'),
    open: show('open'),
    destroy: (key?: Key) => void load().then(({ notification }) => notification.destroy(key)),
  } as NotificationInstance;
}

/**
 * An antd hook API that loads on first use: `load()` mounts the hook's holder (its chunk first)
 * and resolves with the hook's API once it is there.
 */
function useLazyApi<Api>(Holder: Holder<Api>) {
  const [wanted, setWanted] = useState(false);
  const api = useRef<Promise<Api> | null>(null);
  const resolveApi = useRef<((value: Api) => void) | null>(null);
  const load = useCallback(() => {
    api.current ??= new Promise<Api>((resolve) => {
      resolveApi.current = resolve;
      setWanted(true);
    });
    return api.current;
  }, []);
  const onReady = useCallback((ready: Api) => resolveApi.current?.(ready), []);
  const element = wanted ? (
    <Suspense fallback={null}>
      <Holder onReady={onReady} />
    </Suspense>
  ) : null;
  return { load, element };
}

/**
 * What `App.useApp()` gives on the public pages (login, registration, status): antd's message
 * and notification, and a modal API that loads antd's modal hook the first time it is called,
 * then opens the modal as antd's would (the instance updates, closes and resolves once it is there).
 * The children get `.ant-app`'s text style, as inside antd's App.
 */
export function PublicApp({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const modalHook = useLazyApi(ModalHolder);
  const loadModal = modalHook.load;
  const feedbackHook = useLazyApi(FeedbackHolder);
  const loadFeedback = feedbackHook.load;
  const messageApi = useMemo(() => lazyMessage(loadFeedback), [loadFeedback]);
  const notification = useMemo(() => lazyNotification(loadFeedback), [loadFeedback]);

  const modal = useMemo(() => {
    const open =
      (method: keyof ModalApi) =>
      (config: Parameters<ModalApi['confirm']>[0]): ModalInstance => {
        // Boxed: the instance is itself awaitable, and a promise would wait for it to close.
        const instance = loadModal().then((api) => ({ opened: api[method](config) }));
        return {
          destroy: () => void instance.then(({ opened }) => opened.destroy()),
          update: (next) => void instance.then(({ opened }) => opened.update(next)),
          // biome-ignore lint/suspicious/noThenProperty: antd's modal instance is awaitable.
          then: (resolve, reject) => instance.then(({ opened }) => opened.then(resolve, reject), reject),
        } as ModalInstance;
      };
    return {
      info: open('info'),
      success: open('success'),
      error: open('error'),
      warning: open('warning'),
      confirm: open('confirm'),
    } as ModalApi;
  }, [loadModal]);

  const value = useMemo<useAppProps>(
    () => ({ message: messageApi, notification, modal }),
    [messageApi, notification, modal],
  );

  return (
    <AppContext.Provider value={value}>
      <div
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {modalHook.element}
        {feedbackHook.element}
        {children}
      </div>
    </AppContext.Provider>
  );
}
