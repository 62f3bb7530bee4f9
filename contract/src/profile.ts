import { z } from 'zod';
import { DESCRIPTION_MAX, toPlainText } from './account.ts';
import { NICKNAME_MAX } from './designer.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema } from './envelope.ts';
import { imageListField, imageUrlField, pureSchema, text, wireDateTime } from './fields.ts';
import { isCityCode } from './regions/index.ts';
import { worded } from './wordings.ts';

/**
 * 设计师信息 (designer information, issue 4 item 5): `GET/PUT /designerapi/v1/designer-profile`.
 * Nickname, avatar and description are the account's own (the same as yiDesigner/modifyInfo and
 * yiDesigner/modifyDesc change); the rest is the profile. Saving applies the completion rule of
 * spec section 2 exactly as modifyDesc does: with a nickname and a description the account stops
 * being newly registered (`newly_register` 0, full menu).
 */

export const genders = ['male', 'female'] as const;
export type Gender = (typeof genders)[number];

export const REAL_NAME_MAX = 32;
export const STYLE_TAG_MAX = 16;
export const STYLE_TAGS_MAX = 10;
export const PORTFOLIO_MAX = 12;
export const YEARS_OF_EXPERIENCE_MAX = 60;

/** The plain-text description, as modifyDesc stores it. */
export const descriptionField = z
  .string()
  .transform(toPlainText)
  .pipe(
    z
      .string()
      .max(
        DESCRIPTION_MAX,
        worded(`最多 ${DESCRIPTION_MAX} 个字符`, `at most ${DESCRIPTION_MAX} characters`),
      ),
  );

/** Style / speciality tags: distinct (any case), at most 10 of at most 16 characters. */
export const styleTagsField = z
  .array(text(STYLE_TAG_MAX, 1, 'line'))
  .max(STYLE_TAGS_MAX, worded(`最多 ${STYLE_TAGS_MAX} 个标签`, `at most ${STYLE_TAGS_MAX} tags`))
  .refine(
    (tags) => new Set(tags.map((tag) => tag.toLowerCase())).size === tags.length,
    'the same tag is listed twice',
  );

/**
 * `PUT /designerapi/v1/designer-profile`: the whole form (every field is sent; '' / null / []
 * clear one). `cityCode` is a city of the shipped region list (`cityCascaderOptions()`), e.g.
 * '440100'; images are URLs.
 */
export const designerProfileBodySchema = /* @__PURE__ */ pureSchema(() =>
  z.strictObject({
    nickname: text(NICKNAME_MAX, 1, 'line'),
    /** The account's `pic`: '' , an uploaded image (kept by its lasting address) or an http(s) URL. */
    avatar: z.union([z.literal(''), imageUrlField]),
    realName: text(REAL_NAME_MAX, 0, 'line'),
    gender: z.enum(genders).nullable(),
    cityCode: z
      .string()
      .trim()
      .refine((code) => isCityCode(code), worded('未知的城市', 'unknown city'))
      .nullable(),
    styles: styleTagsField,
    yearsOfExperience: z.number().int().min(0).max(YEARS_OF_EXPERIENCE_MAX).nullable(),
    description: descriptionField,
    portfolio: imageListField(PORTFOLIO_MAX),
  }),
);
export type DesignerProfileBody = z.input<typeof designerProfileBodySchema>;

/** The fields completeness counts, in form order. */
export const profileFields = [
  'nickname',
  'avatar',
  'realName',
  'gender',
  'cityCode',
  'styles',
  'yearsOfExperience',
  'description',
  'portfolio',
] as const;
export type ProfileField = (typeof profileFields)[number];

export const profileCompletenessSchema = z.object({
  /** filled * 100 / total, rounded down (100 only when nothing is missing). */
  percent: z.number().int().min(0).max(100),
  filled: z.number().int(),
  total: z.number().int(),
  /** Empty fields, in form order. */
  missing: z.array(z.enum(profileFields)),
});
export type ProfileCompleteness = z.infer<typeof profileCompletenessSchema>;

type CompletenessInput = {
  [K in ProfileField]: string | number | readonly string[] | null | undefined;
};

/** What is filled: a non-blank string, a number (0 years counts), a non-empty list. */
export function profileCompleteness(profile: CompletenessInput): ProfileCompleteness {
  const missing = profileFields.filter((field) => {
    const value = profile[field];
    if (value === null || value === undefined) return true;
    if (typeof value === 'number') return false;
    if (typeof value === 'string') return value.trim() === '';
    return value.length === 0;
  });
  const total = profileFields.length;
  const filled = total - missing.length;
  return { percent: Math.floor((filled * 100) / total), filled, total, missing };
}

/** `GET` and `PUT /designerapi/v1/designer-profile` answer. */
export const designerProfileSchema = z.object({
  nickname: z.string(),
  /** The account's `pic`. */
  avatar: z.string(),
  realName: z.string(),
  gender: z.enum(genders).nullable(),
  cityCode: z.string().nullable(),
  /** `广东省 广州市`, '' without a city. */
  cityName: z.string(),
  /** `[provinceCode, cityCode]` for a two-level cascader; [] without a city. */
  cityPath: z.array(z.string()),
  styles: z.array(z.string()),
  yearsOfExperience: z.number().int().nullable(),
  description: z.string(),
  portfolio: z.array(z.string()),
  /** When the profile part was last saved; null before the first save. */
  updatedAt: wireDateTime.nullable(),
  newly_register: z.union([z.literal(0), z.literal(1)]),
  completeness: profileCompletenessSchema,
});
export type DesignerProfile = z.infer<typeof designerProfileSchema>;

/** What each profile call sends and answers (contract/src/endpoint.ts); `api/profile.ts` says where. */
export const profileSchemas = {
  detail: { query: emptyQuerySchema, data: designerProfileSchema },
  save: { body: designerProfileBodySchema, data: designerProfileSchema },
} satisfies EndpointSchemaMap;
