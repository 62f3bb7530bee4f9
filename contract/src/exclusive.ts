import { z } from 'zod';
import { isValidDate } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema, listPageSchema, MAX_PAGE_SIZE, pageQuerySchema } from './envelope.ts';
import {
  bodyIdField,
  formBoolean,
  idField,
  idParamsSchema,
  imageListField,
  keywordField,
  labelledOptionSchema,
  phoneField,
  pureSchema,
  regionSchema,
  text,
  wireDateTime,
} from './fields.ts';
import { findRegion } from './regions/index.ts';
import { worded } from './wordings.ts';

/**
 * 专属设计师 (exclusive designer, issue 4 item 7): the providers (garment brands and studios of
 * the platform, shared by every designer), collecting them, and the application to become a
 * provider's exclusive designer with its support data (spec section 7: getApplysubInfo,
 * getBanks, getBankCitys, yiDesigner/applysubDetail). Contracts are in contracts.ts.
 */

// ---------------------------------------------------------------------------------------------
// Providers

export const providerKinds = ['brand', 'studio', 'factory'] as const;
export type ProviderKind = (typeof providerKinds)[number];

export const providerKindLabels: Record<ProviderKind, { 'zh-CN': string; 'en-US': string }> = {
  brand: { 'zh-CN': '品牌', 'en-US': 'Brand' },
  studio: { 'zh-CN': '工作室', 'en-US': 'Studio' },
  factory: { 'zh-CN': '工厂', 'en-US': 'Factory' },
};

export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationStatusLabels: Record<ApplicationStatus, { 'zh-CN': string; 'en-US': string }> = {
  pending: { 'zh-CN': '审核中', 'en-US': 'Pending review' },
  approved: { 'zh-CN': '已通过', 'en-US': 'Approved' },
  rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
};

/** A provider as the lists answer it, with the session designer's relation to it. */
export const providerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(providerKinds),
  logo: z.string(),
  cityCode: z.string(),
  /** `浙江省 杭州市`. */
  cityName: z.string(),
  description: z.string(),
  styles: z.array(z.string()),
  collected: z.boolean(),
  collectedAt: wireDateTime.nullable(),
  /** The status of the designer's latest application to it; null when never applied. */
  applicationStatus: z.enum(applicationStatuses).nullable(),
});
export type Provider = z.infer<typeof providerSchema>;

export const providerSortFields = ['id', 'name', 'collectedAt'] as const;

/**
 * `GET /designerapi/v1/providers`: every provider (`collected=true`: the collected ones only,
 * `false`: the others); `keyword` matches name and description; `kind` filters. Default order
 * id ascending; `sortBy=collectedAt` sorts by when it was collected (uncollected last).
 */
export const providerListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  order: z.enum(['asc', 'desc']).default('asc'),
  sortBy: z.enum(providerSortFields).default('id'),
  keyword: keywordField,
  kind: z.enum(providerKinds).optional(),
  collected: formBoolean.optional(),
});
export type ProviderListQuery = z.input<typeof providerListQuerySchema>;

/** A provider named inside another answer. */
export const providerBriefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(providerKinds),
  logo: z.string(),
  cityName: z.string(),
});
export type ProviderBrief = z.infer<typeof providerBriefSchema>;

// ---------------------------------------------------------------------------------------------
// Application support data (spec section 7)

export const idTypes = ['id_card', 'passport', 'hk_macao_pass', 'taiwan_pass'] as const;
export type IdType = (typeof idTypes)[number];

export const idTypeLabels: Record<IdType, { 'zh-CN': string; 'en-US': string }> = {
  id_card: { 'zh-CN': '居民身份证', 'en-US': 'Resident identity card' },
  passport: { 'zh-CN': '护照', 'en-US': 'Passport' },
  hk_macao_pass: {
    'zh-CN': '港澳居民来往内地通行证',
    'en-US': 'Mainland travel permit for Hong Kong and Macao residents',
  },
  taiwan_pass: {
    'zh-CN': '台湾居民来往大陆通行证',
    'en-US': 'Mainland travel permit for Taiwan residents',
  },
};

export const APPLICATION_PORTFOLIO_MIN = 1;
export const APPLICATION_PORTFOLIO_MAX = 9;
export const APPLICATION_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const APPLICATION_IMAGE_MAX_MB = 10;
export const STATEMENT_MIN = 10;
export const STATEMENT_MAX = 1000;
export const BANK_BRANCH_MAX = 64;
export const APPLICANT_NAME_MAX = 32;
export const REJECT_REASON_MAX = 200;

/** `GET designerapi/v1/getApplysubInfo`: what the application form needs. */
export const applysubInfoSchema = z.object({
  /** Every provider, with the designer's latest application status and whether a new one may be sent. */
  providers: z.array(
    providerBriefSchema.extend({
      applicationStatus: z.enum(applicationStatuses).nullable(),
      canApply: z.boolean(),
    }),
  ),
  idTypes: z.array(labelledOptionSchema),
  portfolio: z.object({
    min: z.number().int(),
    max: z.number().int(),
    accept: z.array(z.string()),
    maxSizeMb: z.number().int(),
  }),
  statement: z.object({ min: z.number().int(), max: z.number().int() }),
  /** Values to start the form with: the profile's real name and portfolio, the account's phone. */
  prefill: z.object({ realName: z.string(), phone: z.string(), portfolio: z.array(z.string()) }),
});
export type ApplysubInfo = z.infer<typeof applysubInfoSchema>;

export const bankSchema = z.object({
  /** The bank's usual abbreviation: `ICBC`, `CMB`… */
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
});
export type Bank = z.infer<typeof bankSchema>;

/**
 * `GET designerapi/v1/getBanks?keyword=`: the banks (about 20 majors), `keyword` matching the
 * code, the name or the short name; all of them fit one page (pageSize defaults to 100).
 */
export const bankQuerySchema = z.strictObject({
  keyword: keywordField,
  page: pageQuerySchema.shape.page,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  _t: z.coerce.number().optional(),
});
export type BankQuery = z.input<typeof bankQuerySchema>;

const provinceCodeField = /* @__PURE__ */ pureSchema(() =>
  z
    .string()
    .trim()
    .refine((code) => findRegion(code)?.level === 'province', 'unknown province'),
);

/**
 * `GET designerapi/v1/getBankCitys?province=`: without `province` the provinces, with a
 * province code its cities (the shipped region list), as a one-page list of `{code, name}`.
 */
export const bankCityQuerySchema = /* @__PURE__ */ pureSchema(() =>
  z.strictObject({
    province: provinceCodeField.optional(),
    _t: z.coerce.number().optional(),
  }),
);
export type BankCityQuery = z.input<typeof bankCityQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Applications

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/** A resident identity card number: 18 characters, a real birth date, the GB 11643 check digit. */
export function isValidIdCardNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const birth = `${value.slice(6, 10)}-${value.slice(10, 12)}-${value.slice(12, 14)}`;
  if (!isValidDate('date', birth)) return false;
  const sum = ID_CARD_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(value[i]), 0);
  return ID_CARD_CHECK[sum % 11] === value[17];
}

/** Why `idNumber` is not a valid number of `idType`, or undefined. */
export function idNumberProblem(idType: IdType, idNumber: string): string | undefined {
  switch (idType) {
    case 'id_card':
      return isValidIdCardNumber(idNumber) ? undefined : 'not a valid identity card number';
    case 'passport':
      return /^[A-Z0-9]{5,17}$/.test(idNumber) ? undefined : '5-17 letters or digits';
    case 'hk_macao_pass':
      return /^[HM]\d{8}(\d{2})?$/.test(idNumber) ? undefined : 'H or M followed by 8 or 10 digits';
    case 'taiwan_pass':
      return /^\d{8}(\d{2})?$/.test(idNumber) ? undefined : '8 or 10 digits';
  }
}

/**
 * `POST /designerapi/v1/exclusive-applications`: apply to become `providerId`'s exclusive
 * designer, or apply again after a rejection. The bank account must be the applicant's own
 * (account name = real name); the bank city must be in the bank province; `bankCode` is one of
 * getBanks (else 40000 on it). An unknown provider is 40400 on `providerId`; a pending or
 * approved application to the same provider is 40900.
 */
export const exclusiveApplicationBodySchema = /* @__PURE__ */ pureSchema(() =>
  z
    .strictObject({
      providerId: bodyIdField,
      realName: text(APPLICANT_NAME_MAX, 1, 'line'),
      idType: z.enum(idTypes),
      idNumber: z.string().trim().toUpperCase().min(1).max(32),
      phone: phoneField,
      bankCode: z.string().trim().toUpperCase().min(1).max(16),
      bankProvince: provinceCodeField,
      bankCity: z.string().trim().min(1).max(6),
      bankBranch: text(BANK_BRANCH_MAX, 1, 'line'),
      accountName: text(APPLICANT_NAME_MAX, 1, 'line'),
      /** Digits; spaces as people type them are removed. */
      accountNumber: z
        .string()
        .transform((value) => value.replace(/\s+/g, ''))
        .pipe(z.string().regex(/^\d{12,30}$/, '12-30 digits')),
      portfolio: imageListField(APPLICATION_PORTFOLIO_MAX, APPLICATION_PORTFOLIO_MIN),
      statement: text(STATEMENT_MAX, STATEMENT_MIN, 'lines'),
    })
    .superRefine((body, ctx) => {
      const idProblem = idNumberProblem(body.idType, body.idNumber);
      if (idProblem) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: idProblem });
      const city = findRegion(body.bankCity);
      if (city?.level !== 'city') {
        ctx.addIssue({ code: 'custom', path: ['bankCity'], message: worded('未知的城市', 'unknown city') });
      } else if (city.parent !== body.bankProvince) {
        ctx.addIssue({
          code: 'custom',
          path: ['bankCity'],
          message: worded('该城市不在所选省份中', 'the city is not in the chosen province'),
        });
      }
      if (body.accountName !== body.realName) {
        ctx.addIssue({
          code: 'custom',
          path: ['accountName'],
          message: "must be the applicant's own account (same name as the real name)",
        });
      }
    }),
);
export type ExclusiveApplicationBody = z.input<typeof exclusiveApplicationBodySchema>;

/** An application in a list: numbers masked. */
export const applicationSummarySchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  providerName: z.string(),
  status: z.enum(applicationStatuses),
  /** Why it was rejected; null unless rejected. */
  rejectReason: z.string().nullable(),
  realName: z.string(),
  idType: z.enum(idTypes),
  /** `4401**********123X`. */
  idNumberMasked: z.string(),
  bankName: z.string(),
  /** `**** 1234`. */
  accountNumberMasked: z.string(),
  /** 1 for the first application to this provider, 2 for the first resubmission… */
  attempt: z.number().int(),
  submittedAt: wireDateTime,
  reviewedAt: wireDateTime.nullable(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

/** One application in full (the applicant's own data, to correct and resubmit). */
export const applicationDetailSchema = applicationSummarySchema.extend({
  idNumber: z.string(),
  phone: z.string(),
  bankCode: z.string(),
  bankProvince: z.string(),
  bankProvinceName: z.string(),
  bankCity: z.string(),
  bankCityName: z.string(),
  bankBranch: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
  portfolio: z.array(z.string()),
  statement: z.string(),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/** `GET designerapi/v1/yiDesigner/applysubDetail?provider_id=`. Unknown provider: 40400. */
export const applysubDetailQuerySchema = z.strictObject({
  provider_id: idField,
  _t: z.coerce.number().optional(),
});
export type ApplysubDetailQuery = z.input<typeof applysubDetailQuerySchema>;

export const applysubDetailSchema = z.object({
  provider: providerBriefSchema,
  /** The latest application to this provider; null when the designer never applied. */
  current: applicationDetailSchema.nullable(),
  /** The earlier (rejected) ones, newest first. */
  history: z.array(applicationSummarySchema),
  /** True when a new application may be sent: none yet, or the latest was rejected. */
  canSubmit: z.boolean(),
});
export type ApplysubDetail = z.infer<typeof applysubDetailSchema>;

/** `GET /designerapi/v1/exclusive-applications`: the designer's applications, newest first. */
export const applicationListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  status: z.enum(applicationStatuses).optional(),
  providerId: idField.optional(),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

/** What each exclusive-designer call sends and answers (contract/src/endpoint.ts). */
export const exclusiveSchemas = {
  applicationInfo: { query: emptyQuerySchema, data: applysubInfoSchema },
  banks: { query: bankQuerySchema, data: listPageSchema(bankSchema) },
  bankCities: { query: bankCityQuerySchema, data: listPageSchema(regionSchema) },
  applicationDetail: { query: applysubDetailQuerySchema, data: applysubDetailSchema },
  applications: { query: applicationListQuerySchema, data: listPageSchema(applicationSummarySchema) },
  apply: { body: exclusiveApplicationBodySchema, data: applicationDetailSchema },
  providers: { query: providerListQuerySchema, data: listPageSchema(providerSchema) },
  collectProvider: { params: idParamsSchema, data: providerSchema },
  uncollectProvider: { params: idParamsSchema, data: providerSchema },
} satisfies EndpointSchemaMap;
