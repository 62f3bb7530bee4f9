import AppContext, { type useAppProps } from 'antd/es/app/context';
import { useContext } from 'react';

/**
 * `App.useApp()` without importing antd's `App` component (whose module builds the modal hook):
 * the same context, for code on the first page (the login form, the message bridge).
 */
export const useAppApi = (): useAppProps => useContext(AppContext);
