import { authApi } from '@dc/contract';
import { call } from './call.ts';

/**
 * Ending the session on the server, from the header's user menu and the account status page.
 * Signing in and registering stay with the start screens (pages/start/service.ts).
 */
export const logout = () => call(authApi.logout, {}, { showErrorMessage: false });
