/** The auth area's front door: what other areas and the app use of it. */
export { type AccountRow, findAccount, listAccounts, setAccountStatus } from './account-status.ts';
export { signIn, verifyCredentials } from './login.ts';
export { changePassword } from './password-changes.ts';
export { checkNewPassword } from './password-rules.ts';
export { hashPassword } from './passwords.ts';
export { authRoutes } from './routes.ts';
export {
  authenticate,
  authenticateSessionId,
  type SessionPolicy,
  type SessionPrincipal,
} from './sessions.ts';
export { hashToken } from './tokens.ts';
