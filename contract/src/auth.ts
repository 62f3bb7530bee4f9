import { z } from 'zod';
import { formBoolean, text } from './fields.ts';

export const ACCOUNT_MAX = 32;
export const PASSWORD_MAX = 128;

/** `POST designerapi/v1/login`, form-data body (spec section 7). */
export const loginBodySchema = z.strictObject({
  account: text(ACCOUNT_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
  /** Persistent session ("remember me") when true; temporary otherwise. */
  remember: formBoolean.optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const loginAnswerSchema = z.object({
  token: z.string(),
  /** 1 when the designer has just registered and must complete the designer information. */
  newly_register: z.union([z.literal(0), z.literal(1)]),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const AUTH_TOKEN_HEADER = 'authtoken';
export const APP_TYPE_HEADER = 'app-type';
