import { z } from 'zod';
import { ACCOUNT_MAX, loginAnswerSchema, loginBodySchema, PASSWORD_MAX } from './auth.ts';
import { designerInfoSchema, modifyInfoBodySchema, NICKNAME_MAX } from './designer.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema, listPageSchema, pageQuerySchema } from './envelope.ts';
import {
  bodyIdField,
  formBoolean,
  hasAnyKey,
  PIC_URL_MAX,
  phoneField,
  routedUnion,
  smsCodeField,
  text,
  wireDateTime,
} from './fields.ts';
import { worded } from './wordings.ts';

/**
 * Ways in and the self-information calls (issue 4): verification codes, phone login,
 * registration, scan-code login, account states, phone / WeChat / member bindings, passwords.
 * Every form validates with these schemas on the client and the server alike.
 */

// ---------------------------------------------------------------------------------------------
// Verification codes

/** What a code is for; a code only works for the purpose it was sent for. */
export const smsPurposes = ['login', 'register', 'bind-phone', 'change-phone-old', 'reset-password'] as const;
export type SmsPurpose = (typeof smsPurposes)[number];
/** Purposes that need a session: the code belongs to the account that asked for it. */
export const sessionSmsPurposes: readonly SmsPurpose[] = ['bind-phone', 'change-phone-old'];

/** A code lives 5 minutes. */
export const SMS_CODE_TTL_SECONDS = 300;
/** One code per phone per 60 s. */
export const SMS_RESEND_SECONDS = 60;
/** At most 10 codes per phone per day. */
export const SMS_DAILY_LIMIT = 10;
/** A code is locked after 5 wrong tries. */
export const SMS_CODE_MAX_TRIES = 5;

/**
 * `POST /designerapi/v1/sendCode`. `bind-phone` (the new phone) and `change-phone-old` (the
 * current phone) need the authToken header; the others are for visitors.
 */
export const sendCodeBodySchema = z.strictObject({
  phone: phoneField,
  purpose: z.enum(smsPurposes),
});
export type SendCodeBody = z.input<typeof sendCodeBodySchema>;

/** How long the code lives and when the next one may be asked for, in seconds. */
export const sendCodeAnswerSchema = z.object({
  expiresIn: z.number().int(),
  resendIn: z.number().int(),
});
export type SendCodeAnswer = z.infer<typeof sendCodeAnswerSchema>;

/** `data` of a 42900 answer. */
export const rateLimitedDataSchema = z.object({ retryAfter: z.number().int().min(1) });

// ---------------------------------------------------------------------------------------------
// Passwords and account names

export const PASSWORD_MIN = 8;

/**
 * A new password: 8 to 128 characters. The server also refuses the account name and the common
 * passwords of its shipped list (40000 on `password`).
 */
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN, worded(`至少 ${PASSWORD_MIN} 个字符`, `at least ${PASSWORD_MIN} characters`))
  .max(PASSWORD_MAX);

/** An account name chosen at registration: 4-32 letters, digits or _, starting with a letter. */
export const ACCOUNT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const accountNameField = z
  .string()
  .trim()
  .max(ACCOUNT_MAX)
  .regex(ACCOUNT_NAME_PATTERN, '4-32 letters, digits or _, starting with a letter');

/**
 * The password must not be, nor contain, the account name (any case); a name shorter than 3
 * characters only counts when it is the whole password.
 */
export function passwordIsAccountName(password: string, account: string | undefined): boolean {
  const name = account?.trim().toLowerCase();
  if (!name) return false;
  const candidate = password.trim().toLowerCase();
  return name.length >= 3 ? candidate.includes(name) : candidate === name;
}

/** Terms of service: must be accepted (form `1`/`true`/`on` or JSON true). */
export const acceptedTermsField = formBoolean.refine((value) => value, 'the terms must be accepted');

// ---------------------------------------------------------------------------------------------
// Registration (`/start/register`, `/register`)

/**
 * `POST /designerapi/v1/register`: phone + code (purpose `register`) + password + nickname, terms
 * accepted. `account` is optional: without it the server generates one (`dc_` + 8 characters)
 * and answers it; the designer logs in with it or with the phone.
 */
export const registerBodySchema = z
  .strictObject({
    phone: phoneField,
    code: smsCodeField,
    password: newPasswordField,
    nickname: text(NICKNAME_MAX),
    account: accountNameField.optional(),
    agree: acceptedTermsField,
    remember: formBoolean.optional(),
  })
  .superRefine((body, ctx) => {
    if (passwordIsAccountName(body.password, body.account)) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: worded('不能与账号名相同', 'must not be the account name'),
      });
    }
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The login answer plus the account name (generated when none was chosen). */
export const registerAnswerSchema = loginAnswerSchema.extend({ account: z.string() });
export type RegisterAnswer = z.infer<typeof registerAnswerSchema>;

/** `POST /designerapi/v1/password/reset`: forgotten password, by a code (purpose `reset-password`). */
export const resetPasswordBodySchema = z.strictObject({
  phone: phoneField,
  code: smsCodeField,
  password: newPasswordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

// ---------------------------------------------------------------------------------------------
// Scan-code login (spec section 7: codePcRegister, callback)

/** A scan ticket is good for 2 minutes of scanning. */
export const SCAN_TICKET_TTL_SECONDS = 120;
/** After the phone confirmed, the PC has 10 minutes to finish (log in, register, bind). */
export const SCAN_CONFIRMED_TTL_SECONDS = 600;

/** `login`: log in or register by scan. `bind`: bind the scanner's WeChat to the session account. */
export const scanPurposes = ['login', 'bind'] as const;
export type ScanPurpose = (typeof scanPurposes)[number];

const scanTicketBodyObject = z.strictObject({ purpose: z.enum(scanPurposes).default('login') });
/** `POST /designerapi/v1/scan-tickets` (`bind` needs the authToken header). No body = login. */
export const createScanTicketBodySchema = z.preprocess((body) => body ?? {}, scanTicketBodyObject);
export type CreateScanTicketBody = z.input<typeof scanTicketBodyObject>;

export const scanTicketSchema = z.object({
  /** The scan's public id: the QR code carries it, the phone's page and the poll name it. */
  ticket: z.string(),
  /**
   * The creating browser's secret for this ticket, sent as `X-Scan-Poll-Secret` on every poll.
   * Never in the QR code or any URL; keep it in memory only.
   */
  pollSecret: z.string(),
  /** What the QR code encodes: this server's confirmation page, or WeChat's OAuth page. */
  qrUrl: z.string(),
  expiresAt: wireDateTime,
  expiresIn: z.number().int(),
});
export type ScanTicket = z.infer<typeof scanTicketSchema>;

export const SCAN_TICKET_MAX = 128;
const scanTicketField = z.string().trim().min(1).max(SCAN_TICKET_MAX);

/** `GET designerapi/v1/codePcRegister?ticket=…`: the PC's poll. */
export const scanPollQuerySchema = z.strictObject({
  ticket: scanTicketField,
  _t: z.coerce.number().optional(),
});

export const scanStates = ['pending', 'scanned', 'confirmed', 'expired'] as const;
export type ScanState = (typeof scanStates)[number];

/**
 * The poll's answer. `confirmed` comes with `token` + `newly_register` (a known WeChat: logged
 * in; the ticket is used up), with `resigner_id` (an unknown one: register or bind it by POST
 * codePcRegister), or with neither (a `bind` ticket: call yiDesigner/bindWechat). `expired`:
 * make a fresh QR code.
 */
export const scanPollAnswerSchema = z.object({
  state: z.enum(scanStates),
  token: z.string().optional(),
  newly_register: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Spelt so (spec section 3). */
  resigner_id: z.string().optional(),
});
export type ScanPollAnswer = z.infer<typeof scanPollAnswerSchema>;

const resignerIdField = z.string().trim().min(1).max(SCAN_TICKET_MAX);

/** POST codePcRegister, new account: phone + code (purpose `register`) + nickname, terms accepted. */
export const scanRegisterNewQuerySchema = z.strictObject({
  resigner_id: resignerIdField,
  phone: phoneField,
  code: smsCodeField,
  nickname: text(NICKNAME_MAX),
  /** Optional: without one the account logs in by WeChat or phone code until a password is set. */
  password: newPasswordField.optional(),
  agree: acceptedTermsField,
  remember: formBoolean.optional(),
});

/** POST codePcRegister, existing account: its account name (or phone) and password. */
export const scanRegisterExistingQuerySchema = z.strictObject({
  resigner_id: resignerIdField,
  account: text(ACCOUNT_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
  remember: formBoolean.optional(),
});

/**
 * `POST designerapi/v1/codePcRegister?resigner_id=…&…` (query params, spec section 7): binds the
 * scanned WeChat to a new account or, with `account`, to an existing one. Answers like register.
 */
export const scanRegisterQuerySchema = routedUnion(
  [scanRegisterNewQuerySchema, scanRegisterExistingQuerySchema],
  (input) => (hasAnyKey(input, ['account']) ? 1 : 0),
);
export type ScanRegisterQuery =
  | z.input<typeof scanRegisterNewQuerySchema>
  | z.input<typeof scanRegisterExistingQuerySchema>;

/** `GET designerapi/v1/callback?code=…&state=<ticket>`: the OAuth redirect (providers may add fields). */
export const scanCallbackQuerySchema = z.object({
  code: z.string().trim().min(1).max(512),
  state: scanTicketField,
  _t: z.coerce.number().optional(),
});

/**
 * `GET /designerapi/v1/scan/confirm?ticket=…`: the built-in provider's page on the phone. Lenient
 * on purpose: a broken link still gets a page saying so, not a JSON error.
 */
export const scanConfirmQuerySchema = z.object({ ticket: z.string().max(SCAN_TICKET_MAX).optional() });
/** The confirmation page's form; `formToken` is the page's own (checked by the server, not here). */
export const scanConfirmBodySchema = z.strictObject({
  ticket: scanTicketField,
  formToken: z.string().max(SCAN_TICKET_MAX).optional(),
});

/** `POST /designerapi/v1/yiDesigner/bindWechat`: binds a confirmed `bind` ticket's WeChat. */
export const bindWechatBodySchema = z.strictObject({ ticket: scanTicketField });

export const wechatBindingSchema = z.object({
  bound: z.boolean(),
  boundAt: wireDateTime.nullable(),
});
export type WechatBinding = z.infer<typeof wechatBindingSchema>;

// ---------------------------------------------------------------------------------------------
// Self information (个人信息)

export const accountStatuses = ['active', 'pending_review', 'frozen'] as const;
export type AccountStatusValue = (typeof accountStatuses)[number];

/** `GET /designerapi/v1/account`: everything the self-information screen shows. */
export const selfInfoSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  pic: z.string(),
  telephone: z.string(),
  description: z.string(),
  status: z.enum(accountStatuses),
  newly_register: z.union([z.literal(0), z.literal(1)]),
  wechat: wechatBindingSchema,
});
export type SelfInfo = z.infer<typeof selfInfoSchema>;

/**
 * `POST /designerapi/v1/yiDesigner/modifyPhone`: the new phone with its code (purpose
 * `bind-phone`) and, when the account has a phone, the code sent to it (`change-phone-old`).
 */
export const modifyPhoneBodySchema = z.strictObject({
  phone: phoneField,
  code: smsCodeField,
  oldCode: smsCodeField.optional(),
});
export type ModifyPhoneBody = z.input<typeof modifyPhoneBodySchema>;

/** `POST /designerapi/v1/yiDesigner/modifyPassword`: ends the account's other sessions. */
export const modifyPasswordBodySchema = z
  .strictObject({
    oldPassword: z.string().min(1).max(PASSWORD_MAX),
    password: newPasswordField,
  })
  .superRefine((body, ctx) => {
    if (body.password === body.oldPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: worded('不能与当前密码相同', 'must differ from the current password'),
      });
    }
  });
export type ModifyPasswordBody = z.input<typeof modifyPasswordBodySchema>;

export const DESCRIPTION_MAX = 2000;

const BIDI_AND_ZERO_WIDTH = new Set([
  0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068,
  0x2069, 0xfeff,
]);

/**
 * Plain text as a description stores it: NFC, `\n` line ends, no markup tags, no control,
 * zero-width or direction-override characters, at most one blank line in a row, trimmed.
 */
export function toPlainText(value: string): string {
  const kept = Array.from(value.normalize('NFC').replace(/\r\n?/g, '\n'))
    .filter((ch) => {
      const c = ch.codePointAt(0)!;
      if (c === 0x0a || c === 0x09) return true;
      return c >= 0x20 && !(c >= 0x7f && c <= 0x9f) && !BIDI_AND_ZERO_WIDTH.has(c);
    })
    .join('');
  return kept
    .replace(/<\/?[A-Za-z][^<>]*>/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `POST /designerapi/v1/yiDesigner/modifyDesc`: plain text, at most 2000 characters once cleaned. */
export const modifyDescBodySchema = z.strictObject({
  description: z
    .string()
    .transform(toPlainText)
    .pipe(
      z
        .string()
        .max(
          DESCRIPTION_MAX,
          worded(`最多 ${DESCRIPTION_MAX} 个字符`, `at most ${DESCRIPTION_MAX} characters`),
        ),
    ),
});
export type ModifyDescBody = z.input<typeof modifyDescBodySchema>;

/** The stored description, and whether the account is still newly registered (menu to reload). */
export const modifyDescAnswerSchema = z.object({
  description: z.string(),
  newly_register: z.union([z.literal(0), z.literal(1)]),
});
export type ModifyDescAnswer = z.infer<typeof modifyDescAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Members bound to this designer

/** A platform user bound to the designer; the phone is masked (`138****0001`). */
export const memberItemSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  phone: z.string(),
  boundAt: wireDateTime,
});
export type MemberItem = z.infer<typeof memberItemSchema>;

/** `GET /designerapi/v1/members`: newest binding first (`order=asc` for oldest). */
export const memberListQuerySchema = z.strictObject({ ...pageQuerySchema.shape });
export type MemberListQuery = z.input<typeof memberListQuerySchema>;

/** `POST /designerapi/v1/yiDesigner/unbindMember`. */
export const unbindMemberBodySchema = z.strictObject({
  member_id: bodyIdField,
});
export type UnbindMemberBody = z.input<typeof unbindMemberBodySchema>;

export const MEMBER_AVATAR_MAX = PIC_URL_MAX;

// ---------------------------------------------------------------------------------------------
// The operator's outbox (SMS_PROVIDER=outbox, loopback only)

export const outboxItemSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  purpose: z.enum(smsPurposes),
  text: z.string(),
  sentAt: wireDateTime,
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/** `GET /designerapi/v1/dev/outbox?phone=…&format=html|json`: the latest 50 messages. */
export const outboxQuerySchema = z.strictObject({
  phone: z.string().trim().max(20).optional(),
  format: z.enum(['html', 'json']).default('html'),
  _t: z.coerce.number().optional(),
});

/*
 * What each call of the account areas sends and answers (contract/src/endpoint.ts);
 * `api/<area>.ts` says where. The designer area's map is here, not in designer.ts, because this
 * file imports that one.
 */

export const designerSchemas = {
  info: { query: emptyQuerySchema, data: designerInfoSchema },
  modifyInfo: { body: modifyInfoBodySchema, data: designerInfoSchema },
  selfInfo: { query: emptyQuerySchema, data: selfInfoSchema },
  modifyDesc: { body: modifyDescBodySchema, data: modifyDescAnswerSchema },
  modifyPhone: { body: modifyPhoneBodySchema, data: designerInfoSchema },
  modifyPassword: { body: modifyPasswordBodySchema, data: z.null() },
} satisfies EndpointSchemaMap;

export const registerSchemas = {
  register: { body: registerBodySchema, data: registerAnswerSchema },
} satisfies EndpointSchemaMap;

/** The outbox answers an HTML page, or with `format=json` the envelope of a page of outboxItemSchema. */
export const smsSchemas = {
  sendCode: { body: sendCodeBodySchema, data: sendCodeAnswerSchema },
  outbox: { query: outboxQuerySchema },
} satisfies EndpointSchemaMap;

export const membersSchemas = {
  list: { query: memberListQuerySchema, data: listPageSchema(memberItemSchema) },
  unbind: { body: unbindMemberBodySchema, data: z.null() },
} satisfies EndpointSchemaMap;

/** The web sends the login as form-data (spec section 7), which the server reads into `loginBodySchema`. */
export const authSchemas = {
  login: { form: true, body: loginBodySchema, data: loginAnswerSchema },
  logout: { data: z.null() },
  resetPassword: { body: resetPasswordBodySchema, data: z.null() },
} satisfies EndpointSchemaMap;

/** Scan to log in, register or bind WeChat; the callback and the phone's confirmation are pages. */
export const scanSchemas = {
  createTicket: { body: createScanTicketBodySchema, data: scanTicketSchema },
  poll: { query: scanPollQuerySchema, data: scanPollAnswerSchema },
  register: { query: scanRegisterQuerySchema, data: registerAnswerSchema },
  callback: { query: scanCallbackQuerySchema },
  confirmPage: { query: scanConfirmQuerySchema },
  confirm: { body: scanConfirmBodySchema },
  bindWechat: { body: bindWechatBodySchema, data: wechatBindingSchema },
  unbindWechat: { data: wechatBindingSchema },
} satisfies EndpointSchemaMap;
