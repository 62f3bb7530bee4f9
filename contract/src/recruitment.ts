import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema } from './envelope.ts';
import { bodyIdField, imageUrlField, text, wireDateTime } from './fields.ts';
import { fanTagChipSchema, TAGS_PER_FAN_MAX } from './tags.ts';
import { worded } from './wordings.ts';

/**
 * 招募设置 recruitment (issue 7 item 7). Console: `GET|PUT /recruitment`. Public (no session):
 * `GET /public/recruitment/:slug` (40400 unless enabled), `POST /public/recruitment/:slug/visits`
 * and `POST /public/recruitment/:slug/follow` (rate-limited per address).
 */

/** Where a visitor came from: the link's `?ch=`; anything else counts as `link`. */
export const recruitmentChannels = ['poster', 'link', 'video', 'course'] as const;
export type RecruitmentChannel = (typeof recruitmentChannels)[number];

export const RECRUITMENT_WELCOME_MAX = 200;
export const RECRUITMENT_BENEFIT_MAX = 200;
export const RECRUIT_NICKNAME_MAX = 32;
/** The public page's path: `/recruit/{slug}?ch={channel}`. */
export const RECRUIT_PAGE_PATH = '/recruit';
export const recruitSlugPattern = /^[A-Za-z0-9]{8,16}$/;

/** A channel as a link carries it: unknown or missing reads as `link`. */
export const channelOf = (value: string | null | undefined): RecruitmentChannel =>
  recruitmentChannels.find((channel) => channel === value) ?? 'link';

/** `PUT /recruitment`. An enabled page needs a welcome message. */
export const recruitmentBodySchema = z
  .strictObject({
    enabled: z.boolean(),
    welcome: z.string().trim().max(RECRUITMENT_WELCOME_MAX),
    benefit: z.string().trim().max(RECRUITMENT_BENEFIT_MAX),
    coverUrl: z.union([z.literal(''), imageUrlField]),
    /** Tags every recruited fan gets: at most a fan's limit (20). */
    autoTagIds: z
      .array(bodyIdField)
      .max(
        TAGS_PER_FAN_MAX,
        worded(
          `最多 ${TAGS_PER_FAN_MAX} 个标签（每位粉丝的上限）`,
          `at most ${TAGS_PER_FAN_MAX} tags, a fan's limit`,
        ),
      ),
  })
  .superRefine((body, ctx) => {
    if (body.enabled && body.welcome === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['welcome'],
        message: worded('开启招募页前请填写欢迎语', 'write a welcome message to turn the page on'),
      });
    }
    if (body.welcome.includes('\u0000') || body.benefit.includes('\u0000')) {
      ctx.addIssue({
        code: 'custom',
        path: ['welcome'],
        message: worded('不能包含 NUL 字符', 'must not contain NUL characters'),
      });
    }
    if (new Set(body.autoTagIds).size !== body.autoTagIds.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['autoTagIds'],
        message: worded('同一个标签选了两次', 'a tag is chosen twice'),
      });
    }
  });
export type RecruitmentBody = z.input<typeof recruitmentBodySchema>;

export const recruitmentChannelStatSchema = z.object({
  channel: z.enum(recruitmentChannels),
  visits: z.number().int(),
  follows: z.number().int(),
});
export type RecruitmentChannelStat = z.infer<typeof recruitmentChannelStatSchema>;

/** `GET|PUT /recruitment`: the settings, the page's slug and the counts per channel (every channel). */
export const recruitmentSettingsSchema = z.object({
  enabled: z.boolean(),
  slug: z.string(),
  welcome: z.string(),
  benefit: z.string(),
  coverUrl: z.string(),
  autoTags: z.array(fanTagChipSchema),
  /** The designer's name as the public page shows it. */
  designerName: z.string(),
  channels: z.array(recruitmentChannelStatSchema),
  updatedAt: wireDateTime,
  /** Base URL of the links and the poster's QR code (`PUBLIC_URL`, else this server as a phone reaches it). */
  shareBase: z.string(),
});
export type RecruitmentSettings = z.infer<typeof recruitmentSettingsSchema>;

export const recruitSlugParamsSchema = z.strictObject({
  slug: z.string().regex(recruitSlugPattern, worded('不是招募链接', 'not a recruitment link')),
});

/** `GET /public/recruitment/:slug`: what a visitor sees. */
export const publicRecruitmentSchema = z.object({
  designerName: z.string(),
  designerAvatar: z.string(),
  welcome: z.string(),
  benefit: z.string(),
  coverUrl: z.string(),
});
export type PublicRecruitment = z.infer<typeof publicRecruitmentSchema>;

/** `POST /public/recruitment/:slug/visits`. */
export const recruitVisitBodySchema = z.strictObject({ channel: z.enum(recruitmentChannels) });
export type RecruitVisitBody = z.input<typeof recruitVisitBodySchema>;

export const recruitFollowGenders = ['female', 'male', 'unknown'] as const;

/** `POST /public/recruitment/:slug/follow`: the visitor becomes a fan (source recruitment). */
export const recruitFollowBodySchema = z.strictObject({
  nickname: text(RECRUIT_NICKNAME_MAX),
  gender: z.enum(recruitFollowGenders),
  channel: z.enum(recruitmentChannels),
});
export type RecruitFollowBody = z.input<typeof recruitFollowBodySchema>;

export const recruitFollowAnswerSchema = z.object({ nickname: z.string(), designerName: z.string() });
export type RecruitFollowAnswer = z.infer<typeof recruitFollowAnswerSchema>;

/** What each recruitment call sends and answers (contract/src/endpoint.ts); `api/recruitment.ts` says where. */
export const recruitmentSchemas = {
  settings: { query: emptyQuerySchema, data: recruitmentSettingsSchema },
  save: { body: recruitmentBodySchema, data: recruitmentSettingsSchema },
  /** The public page's calls: no session. */
  publicPage: { params: recruitSlugParamsSchema, query: emptyQuerySchema, data: publicRecruitmentSchema },
  visit: {
    params: recruitSlugParamsSchema,
    body: recruitVisitBodySchema,
    data: z.object({ counted: z.boolean() }),
  },
  follow: { params: recruitSlugParamsSchema, body: recruitFollowBodySchema, data: recruitFollowAnswerSchema },
} satisfies EndpointSchemaMap;
