/** The auth area's front door: what other areas and the app use of it. */
export { type AccountRow, findAccount, listAccounts, setAccountStatus } from './account-status.ts';
export { checkNewPassword } from './password-rules.ts';
export { hashPassword } from './passwords.ts';
export { authRoutes } from './routes.ts';
export {
  authenticate,
  authenticateSessionId,
  changePassword,
  type SessionPolicy,
  type SessionPrincipal,
  signIn,
  verifyCredentials,
} from './service.ts';
export { hashToken } from './tokens.ts';
