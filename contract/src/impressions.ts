import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema, listPageSchema, pageQuerySchema } from './envelope.ts';
import { fanItemParamsSchema, fanRowSchema } from './fans.ts';
import { idParamsSchema, text, wireDateTime } from './fields.ts';

/**
 * 粉丝印象 fan impressions (issue 7 item 6): the designer's words about fans.
 * `GET|POST /impressions`, `PUT|DELETE /impressions/:id`, `GET /impressions/:id/fans`,
 * `GET /fans/:id/impressions` (the fan's words and suggestions), `POST /fans/:id/impressions`
 * (attach a word, created when new), `DELETE /fans/:id/impressions/:itemId`.
 */

export const IMPRESSION_WORD_MAX = 12;
/** Words one designer keeps. */
export const IMPRESSIONS_PER_DESIGNER_MAX = 200;
/** Words one fan carries. */
export const IMPRESSIONS_PER_FAN_MAX = 20;
/** Suggestions offered for one fan. */
export const IMPRESSION_SUGGESTIONS_MAX = 8;

export const impressionWordField = text(IMPRESSION_WORD_MAX);

/** `POST /impressions`, `PUT /impressions/:id`, `POST /fans/:id/impressions`. */
export const impressionBodySchema = z.strictObject({ word: impressionWordField });
export type ImpressionBody = z.input<typeof impressionBodySchema>;

export const impressionSchema = z.object({
  id: z.number().int(),
  word: z.string(),
  /** Fans carrying the word. */
  fanCount: z.number().int(),
  createdAt: wireDateTime,
});
export type Impression = z.infer<typeof impressionSchema>;

/** `GET /impressions`: every word, most carried first. */
export const impressionOverviewSchema = z.object({
  impressions: z.array(impressionSchema),
  limit: z.number().int(),
  perFanLimit: z.number().int(),
});
export type ImpressionOverview = z.infer<typeof impressionOverviewSchema>;

/** `DELETE /impressions/:id`: how many fans lost the word. */
export const impressionDeleteAnswerSchema = z.object({ removedFromFans: z.number().int() });
export type ImpressionDeleteAnswer = z.infer<typeof impressionDeleteAnswerSchema>;

/** `GET /impressions/:id/fans`: the fans carrying a word, newest link first. */
export const impressionFansQuerySchema = z.strictObject({ ...pageQuerySchema.shape });
export type ImpressionFansQuery = z.input<typeof impressionFansQuerySchema>;

export const impressionChipSchema = z.object({ id: z.number().int(), word: z.string() });
export type ImpressionChip = z.infer<typeof impressionChipSchema>;

export const impressionSuggestionReasons = ['category', 'coPurchase'] as const;
export type ImpressionSuggestionReason = (typeof impressionSuggestionReasons)[number];

/**
 * A word suggested from the fan's purchases: `category` (a category of a product they bought
 * maps to the word), `coPurchase` (fans who bought the same products carry it). `impressionId` is null when the word is not one of the designer's yet.
 */
export const impressionSuggestionSchema = z.object({
  word: z.string(),
  impressionId: z.number().int().nullable(),
  reason: z.enum(impressionSuggestionReasons),
  /** The bought category (reason `category`), else null. */
  category: z.string().nullable(),
  /** The fan's orders in the category (`category`) or the fans carrying the word (`coPurchase`). */
  count: z.number().int(),
});
export type ImpressionSuggestion = z.infer<typeof impressionSuggestionSchema>;

/** `GET /fans/:id/impressions`. */
export const fanImpressionsSchema = z.object({
  impressions: z.array(impressionChipSchema),
  suggestions: z.array(impressionSuggestionSchema),
});
export type FanImpressions = z.infer<typeof fanImpressionsSchema>;

/** What each impressions call sends and answers (contract/src/endpoint.ts); `api/impressions.ts` says where. */
export const impressionsSchemas = {
  overview: { query: emptyQuerySchema, data: impressionOverviewSchema },
  create: { body: impressionBodySchema, data: impressionSchema },
  rename: { params: idParamsSchema, body: impressionBodySchema, data: impressionSchema },
  remove: { params: idParamsSchema, data: impressionDeleteAnswerSchema },
  fans: { params: idParamsSchema, query: impressionFansQuerySchema, data: listPageSchema(fanRowSchema) },
  ofFan: { params: idParamsSchema, query: emptyQuerySchema, data: fanImpressionsSchema },
  addToFan: { params: idParamsSchema, body: impressionBodySchema, data: z.array(impressionChipSchema) },
  removeFromFan: { params: fanItemParamsSchema, data: z.array(impressionChipSchema) },
} satisfies EndpointSchemaMap;
