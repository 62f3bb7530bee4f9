import { z } from 'zod';
import { formBoolean, hasAnyKey, phoneField, routedUnion, smsCodeField, text } from './fields.ts';

export const ACCOUNT_MAX = 32;
export const PASSWORD_MAX = 128;

/** `POST designerapi/v1/login` by account (name or phone) and password, form-data body (spec section 7). */
export const passwordLoginBodySchema = z.strictObject({
  account: text(ACCOUNT_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
  /** Persistent session ("remember me") when true; temporary otherwise. */
  remember: formBoolean.optional(),
});
export type PasswordLoginBody = z.input<typeof passwordLoginBodySchema>;

/** `POST designerapi/v1/login` by phone and the code `sendCode` sent it (purpose `login`). */
export const phoneLoginBodySchema = z.strictObject({
  phone: phoneField,
  code: smsCodeField,
  remember: formBoolean.optional(),
});
export type PhoneLoginBody = z.input<typeof phoneLoginBodySchema>;

/**
 * The login body: account + password, or phone + code. A body with `phone` or `code` is a phone
 * login; any other is an account login, so errors name that form's fields.
 */
export const loginBodySchema = routedUnion([passwordLoginBodySchema, phoneLoginBodySchema], (input) =>
  hasAnyKey(input, ['phone', 'code']) ? 1 : 0,
);
export type LoginBody = PasswordLoginBody | PhoneLoginBody;

export const loginAnswerSchema = z.object({
  token: z.string(),
  /** 1 when the designer has just registered and must complete the designer information. */
  newly_register: z.union([z.literal(0), z.literal(1)]),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const AUTH_TOKEN_HEADER = 'authtoken';
export const APP_TYPE_HEADER = 'app-type';
/**
 * The header the PC polls a scan ticket with (`GET codePcRegister`, and the JSON form of
 * `GET callback`): the ticket's `pollSecret`. Without it a poll learns nothing and changes
 * nothing, so whoever sees the QR code (it carries only `ticket`) cannot take the login the phone
 * confirms. Here, beside the other headers, so the login page needs no schema module for it.
 */
export const SCAN_POLL_SECRET_HEADER = 'x-scan-poll-secret';
