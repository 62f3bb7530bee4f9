import { z } from 'zod';
import type { EndpointSchemaMap } from './endpoint.ts';
import { emptyQuerySchema } from './envelope.ts';
import { bodyIdField, idParamsSchema, text, wireDateTime } from './fields.ts';
import { worded } from './wordings.ts';

/**
 * 标签管理 (issue 7 item 4): tags grouped by classification.
 * `GET /designerapi/v1/tags` (the whole overview), `POST /tags`, `PUT /tags/:id` (rename,
 * recolour, describe, move), `GET /tags/:id/usage` (how many fans carry it: the delete and merge
 * warning), `POST /tags/:id/merge`, `DELETE /tags/:id`; `POST /tag-classifications`,
 * `PUT|DELETE /tag-classifications/:id`.
 */

export const TAG_NAME_MAX = 15;
export const TAG_CLASSIFICATION_NAME_MAX = 15;
export const TAG_DESCRIPTION_MAX = 100;
/** As WeChat's fan tags: at most 100 tags per designer and 20 per fan. */
export const TAGS_PER_DESIGNER_MAX = 100;
export const TAGS_PER_FAN_MAX = 20;
export const TAG_CLASSIFICATIONS_MAX = 30;

export const TAG_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const tagColorField = z
  .string()
  .trim()
  .regex(TAG_COLOR_PATTERN, worded('须为颜色，例如 #593BFF', 'a colour such as #593BFF'))
  .transform((value) => value.toUpperCase());

/** The preset palette the colour picker offers. */
export const TAG_COLOR_PRESETS = [
  '#593BFF',
  '#1677FF',
  '#13C2C2',
  '#52C41A',
  '#FAAD14',
  '#FA8C16',
  '#F5222D',
  '#EB2F96',
] as const;

export const tagClassificationBodySchema = z.strictObject({ name: text(TAG_CLASSIFICATION_NAME_MAX) });
export type TagClassificationBody = z.input<typeof tagClassificationBodySchema>;

export const tagBodySchema = z.strictObject({
  classificationId: bodyIdField,
  name: text(TAG_NAME_MAX),
  color: tagColorField,
  description: z.string().trim().max(TAG_DESCRIPTION_MAX).default(''),
});
export type TagBody = z.input<typeof tagBodySchema>;

/** `PUT /tags/:id`: any of the fields; an empty body is 40000. */
export const tagUpdateBodySchema = z
  .strictObject({
    classificationId: tagBodySchema.shape.classificationId.optional(),
    name: tagBodySchema.shape.name.optional(),
    color: tagColorField.optional(),
    description: z.string().trim().max(TAG_DESCRIPTION_MAX).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');
export type TagUpdateBody = z.input<typeof tagUpdateBodySchema>;

/** `POST /tags/:id/merge`: the fans of `:id` get `intoTagId`, then `:id` is deleted. */
export const tagMergeBodySchema = z.strictObject({
  intoTagId: bodyIdField,
});
export type TagMergeBody = z.infer<typeof tagMergeBodySchema>;

export const tagClassificationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tagCount: z.number().int(),
  createdAt: wireDateTime,
});
export type TagClassification = z.infer<typeof tagClassificationSchema>;

export const tagSchema = z.object({
  id: z.number().int(),
  classificationId: z.number().int(),
  name: z.string(),
  color: z.string(),
  description: z.string(),
  /** Fans carrying the tag now. */
  fanCount: z.number().int(),
  createdAt: wireDateTime,
  updatedAt: wireDateTime,
});
export type Tag = z.infer<typeof tagSchema>;

/** `GET /tags`: every classification (by name) and every tag (by classification, then name). */
export const tagOverviewSchema = z.object({
  classifications: z.array(tagClassificationSchema),
  tags: z.array(tagSchema),
  tagLimit: z.number().int(),
  perFanLimit: z.number().int(),
});
export type TagOverview = z.infer<typeof tagOverviewSchema>;

/** `GET /tags/:id/usage`: the fans that would lose the tag. */
export const tagUsageSchema = z.object({ fanCount: z.number().int() });
export type TagUsage = z.infer<typeof tagUsageSchema>;

/** `DELETE /tags/:id` answer. */
export const tagDeleteAnswerSchema = z.object({ removedFromFans: z.number().int() });
export type TagDeleteAnswer = z.infer<typeof tagDeleteAnswerSchema>;

/** `POST /tags/:id/merge` answer: the target tag and how many fans gained it. */
export const tagMergeAnswerSchema = z.object({ tag: tagSchema, movedFans: z.number().int() });
export type TagMergeAnswer = z.infer<typeof tagMergeAnswerSchema>;

/** A tag as a fan row shows it. */
export const fanTagChipSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type FanTagChip = z.infer<typeof fanTagChipSchema>;

/** What each tags call sends and answers (contract/src/endpoint.ts); `api/tags.ts` says where. */
export const tagsSchemas = {
  overview: { query: emptyQuerySchema, data: tagOverviewSchema },
  create: { body: tagBodySchema, data: tagSchema },
  update: { params: idParamsSchema, body: tagUpdateBodySchema, data: tagSchema },
  usage: { params: idParamsSchema, query: emptyQuerySchema, data: tagUsageSchema },
  merge: { params: idParamsSchema, body: tagMergeBodySchema, data: tagMergeAnswerSchema },
  remove: { params: idParamsSchema, data: tagDeleteAnswerSchema },
  createClassification: { body: tagClassificationBodySchema, data: tagClassificationSchema },
  renameClassification: {
    params: idParamsSchema,
    body: tagClassificationBodySchema,
    data: tagClassificationSchema,
  },
  removeClassification: { params: idParamsSchema, data: z.null() },
} satisfies EndpointSchemaMap;
