import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from code outside React (the request layer, route loaders). The App component binds
 * antd's context-aware message API here so toasts follow the theme and language.
 */
let messageApi: MessageInstance | null = null;

export function bindMessageApi(api: MessageInstance): void {
  messageApi = api;
}

export const notify = {
  error(content: string, seconds = 3) {
    void messageApi?.error({ content, duration: seconds, key: content });
  },
  success(content: string, seconds = 3) {
    void messageApi?.success({ content, duration: seconds, key: content });
  },
};
