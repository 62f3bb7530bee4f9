import { request } from '../request/index.ts';

/**
 * Ending the session on the server, from the header's user menu and the account status page.
 * Signing in and registering stay with the start screens (pages/start/service.ts).
 */
export const logout = () =>
  request.post<null>('/designerapi/v1/logout', undefined, { showErrorMessage: false });
