import { z } from 'zod';
import { orderStates } from './boutique.ts';
import { dateField } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import {
  cursorPageFields,
  cursorPageQuerySchema,
  emptyQuerySchema,
  listPageSchema,
  pageQuerySchema,
} from './envelope.ts';
import { bodyIdField, fen, idField, idParamsSchema, imageUrlField, text, wireDateTime } from './fields.ts';
import { fanTagChipSchema, TAGS_PER_DESIGNER_MAX, TAGS_PER_FAN_MAX } from './tags.ts';
import { worded } from './wordings.ts';

/**
 * 粉丝管理 (issue 7 items 5 and 8): `GET /designerapi/v1/fans` (list: filter + sort + page),
 * `POST /fans/batch-tag` (add/remove tags on ids or on the whole filtered set), `GET /fans/:id`
 * (detail), `PUT /fans/:id/measurements`, `PUT /fans/:id/tags`, `POST|DELETE /fans/:id/wardrobe`,
 * `POST|DELETE /fans/:id/images`, `GET /fans/:id/orders` (traded goods: boutique orders and
 * course purchases).
 */

export const fanGenders = ['male', 'female', 'unknown'] as const;
export type FanGender = (typeof fanGenders)[number];
export const fanSources = ['video', 'course', 'boutique', 'recruitment', 'import'] as const;
export type FanSource = (typeof fanSources)[number];
export const fanSortFields = ['followedAt', 'lastActiveAt', 'totalSpent', 'orderCount', 'age'] as const;
export type FanSortField = (typeof fanSortFields)[number];

/** At most this many fans in one batch tagging. */
export const FAN_BATCH_MAX = 100_000;
export const FAN_KEYWORD_MAX = 32;
/** Largest spend a filter accepts (fen). */
export const FAN_SPENT_LIMIT = 1_000_000_000_000;

/**
 * A list of ids in a query (`1,2,3`, or repeated) or a JSON body (an array): the same field
 * reads both, so the list's query and batch tagging's filter are one schema.
 */
const idList = (max: number) =>
  z.preprocess((input) => {
    if (typeof input === 'string') return input.trim() === '' ? [] : input.split(',');
    return input;
  }, z.array(idField).max(max));
/** One value or several (`a,b` in a query, an array in JSON). */
const enumList = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (input) => (typeof input === 'string' ? (input.trim() === '' ? [] : input.split(',')) : input),
    z.array(z.enum(values)).max(values.length),
  );
const age = z.coerce.number().int().min(0).max(120);
const spent = z.coerce.number().int().min(0).max(FAN_SPENT_LIMIT);

/** The filter fields of the fan list (issue 7 item 5), each optional. */
export const fanFilterShape = {
  keyword: z.string().trim().max(FAN_KEYWORD_MAX).optional(),
  /** Carries any of these tags. */
  tagsAny: idList(TAGS_PER_DESIGNER_MAX).optional(),
  /** Carries all of these tags. */
  tagsAll: idList(TAGS_PER_FAN_MAX).optional(),
  /** Carries none of these tags. */
  tagsNone: idList(TAGS_PER_DESIGNER_MAX).optional(),
  source: enumList(fanSources).optional(),
  gender: enumList(fanGenders).optional(),
  ageMin: age.optional(),
  ageMax: age.optional(),
  /** City codes of the region list (`440100`). */
  city: z
    .preprocess(
      (input) => (typeof input === 'string' ? (input.trim() === '' ? [] : input.split(',')) : input),
      z.array(z.string().regex(/^\d{6}$/, worded('须为 6 位城市代码', 'a 6-digit city code'))).max(50),
    )
    .optional(),
  spentMin: spent.optional(),
  spentMax: spent.optional(),
  followedFrom: dateField.optional(),
  followedTo: dateField.optional(),
  activeFrom: dateField.optional(),
  activeTo: dateField.optional(),
};

type FilterRanges = {
  ageMin?: number;
  ageMax?: number;
  spentMin?: number;
  spentMax?: number;
  followedFrom?: string;
  followedTo?: string;
  activeFrom?: string;
  activeTo?: string;
};

/** A range with its lower end over its upper end is 40000 on the upper end. */
export function checkFanFilterRanges(value: FilterRanges, ctx: z.core.$RefinementCtx) {
  const pairs: Array<[keyof FilterRanges, keyof FilterRanges]> = [
    ['ageMin', 'ageMax'],
    ['spentMin', 'spentMax'],
    ['followedFrom', 'followedTo'],
    ['activeFrom', 'activeTo'],
  ];
  for (const [low, high] of pairs) {
    const a = value[low];
    const b = value[high];
    if (a !== undefined && b !== undefined && a > b) {
      ctx.addIssue({ code: 'custom', path: [high], message: `must not be less than ${low}` });
    }
  }
}

/** The filter alone: what batch tagging's "the whole filtered set" sends. */
export const fanFilterSchema = z.strictObject(fanFilterShape).superRefine(checkFanFilterRanges);
export type FanFilter = z.input<typeof fanFilterSchema>;
export type FanFilterValue = z.output<typeof fanFilterSchema>;

/** `GET /fans`: filter + sort (`sortBy`, `order`) + page: one shape for the list. */
export const fanListQuerySchema = z
  .strictObject({
    ...cursorPageQuerySchema.shape,
    ...fanFilterShape,
    sortBy: z.enum(fanSortFields).default('followedAt'),
  })
  .superRefine(checkFanFilterRanges);
export type FanListQuery = z.input<typeof fanListQuerySchema>;
export type FanListQueryValue = z.output<typeof fanListQuerySchema>;

/** The filter fields of a list query (sort and page left out). */
export const fanFilterKeys = Object.keys(fanFilterShape) as Array<keyof typeof fanFilterShape>;

export const fanRowSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  gender: z.enum(fanGenders),
  /** Age this year (business time), null when the birth year is unknown. */
  age: z.number().int().nullable(),
  cityCode: z.string(),
  /** `广州市`, or empty when unknown. */
  cityName: z.string(),
  source: z.enum(fanSources),
  followedAt: wireDateTime,
  lastActiveAt: wireDateTime,
  /** Fen. */
  totalSpent: z.number().int(),
  orderCount: z.number().int(),
  tags: z.array(fanTagChipSchema),
});
export type FanRow = z.infer<typeof fanRowSchema>;

/**
 * `GET /fans` answers the list page plus `totalIsEstimate`: at large volumes a filter that would
 * need a million-row count answers the database planner's estimate instead, and the list shows
 * it as "about N". Exact whenever counting is cheap or the last page has been reached.
 */
export const fanListPageSchema = listPageSchema(fanRowSchema).extend({
  totalIsEstimate: z.boolean(),
  ...cursorPageFields,
});
export type FanListPage = z.infer<typeof fanListPageSchema>;

/** Who batch tagging applies to: chosen fans, or every fan the filter matches now. */
export const fanSelectionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('ids'),
    fanIds: z.array(bodyIdField).max(FAN_BATCH_MAX),
  }),
  z.strictObject({ kind: z.literal('filter'), filter: fanFilterSchema }),
]);
export type FanSelection = z.input<typeof fanSelectionSchema>;

const tagIdList = z.array(bodyIdField).max(TAGS_PER_FAN_MAX).default([]);

/**
 * `POST /fans/batch-tag`: one transaction, set-based. Fans already at 20 tags are skipped for
 * the tags they would exceed with (counted in `skippedAtLimit`); an empty selection is 40000 on
 * `selection`, no tag to add or remove is 40000 on `addTagIds`, a tag in both lists on `removeTagIds`.
 */
export const fanBatchTagBodySchema = z
  .strictObject({ selection: fanSelectionSchema, addTagIds: tagIdList, removeTagIds: tagIdList })
  .superRefine((body, ctx) => {
    if (body.addTagIds.length === 0 && body.removeTagIds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['addTagIds'],
        message: worded('请选择要添加或移除的标签', 'choose a tag to add or remove'),
      });
    }
    if (body.removeTagIds.some((id) => body.addTagIds.includes(id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['removeTagIds'],
        message: worded('同一个标签不能同时添加和移除', 'a tag cannot be added and removed at once'),
      });
    }
  });
export type FanBatchTagBody = z.input<typeof fanBatchTagBodySchema>;

export const fanBatchTagAnswerSchema = z.object({
  /** Fans in the selection (the designer's own). */
  matched: z.number().int(),
  /** (fan, tag) pairs added. */
  added: z.number().int(),
  /** (fan, tag) pairs removed. */
  removed: z.number().int(),
  /** Fans that could not take every added tag because they would carry more than 20. */
  skippedAtLimit: z.number().int(),
  elapsedMs: z.number().int(),
});
export type FanBatchTagAnswer = z.infer<typeof fanBatchTagAnswerSchema>;

/** Body measurements on the wire: centimetres and kilograms, at most one decimal. */
const oneDecimal = (min: number, max: number) =>
  z
    .number()
    .min(min)
    .max(max)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, 'at most one decimal')
    .nullable();
export const fanMeasurementKeys = [
  'height',
  'weight',
  'bust',
  'waist',
  'hip',
  'shoulder',
  'sleeve',
  'inseam',
] as const;
export type FanMeasurementKey = (typeof fanMeasurementKeys)[number];

/** `PUT /fans/:id/measurements`: every field, null for "not measured". */
export const fanMeasurementsSchema = z.strictObject({
  height: oneDecimal(40, 250),
  weight: oneDecimal(2, 300),
  bust: oneDecimal(30, 200),
  waist: oneDecimal(30, 200),
  hip: oneDecimal(30, 200),
  shoulder: oneDecimal(10, 80),
  sleeve: oneDecimal(10, 100),
  inseam: oneDecimal(20, 130),
});
export type FanMeasurements = z.infer<typeof fanMeasurementsSchema>;

export const wardrobeCategories = [
  'top',
  'bottom',
  'dress',
  'outerwear',
  'suit',
  'qipao',
  'shoes',
  'accessory',
] as const;
export type WardrobeCategory = (typeof wardrobeCategories)[number];
export const wardrobeSources = ['purchase', 'manual'] as const;
export const WARDROBE_MAX = 200;
export const FAN_IMAGES_MAX = 50;

/** `POST /fans/:id/wardrobe`: a garment added by hand. */
export const wardrobeItemBodySchema = z.strictObject({
  category: z.enum(wardrobeCategories),
  size: text(8),
  color: z.string().trim().max(16).default(''),
  imageUrl: z.union([z.literal(''), imageUrlField]).default(''),
});
export type WardrobeItemBody = z.input<typeof wardrobeItemBodySchema>;

export const wardrobeItemSchema = z.object({
  id: z.number().int(),
  category: z.enum(wardrobeCategories),
  size: z.string(),
  color: z.string(),
  imageUrl: z.string(),
  source: z.enum(wardrobeSources),
  createdAt: wireDateTime,
});
export type WardrobeItem = z.infer<typeof wardrobeItemSchema>;

export const FAN_IMAGE_LABEL_MAX = 10;
/** `POST /fans/:id/images`. */
export const fanImageBodySchema = z.strictObject({
  url: imageUrlField,
  labels: z.array(text(FAN_IMAGE_LABEL_MAX)).max(5).default([]),
});
export type FanImageBody = z.input<typeof fanImageBodySchema>;

export const fanImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  labels: z.array(z.string()),
  createdAt: wireDateTime,
});
export type FanImage = z.infer<typeof fanImageSchema>;

export const fanInteractionKinds = ['follow', 'video', 'course', 'purchase', 'message', 'tag'] as const;
export const fanInteractionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(fanInteractionKinds),
  text: z.string(),
  at: wireDateTime,
});
export type FanInteraction = z.infer<typeof fanInteractionSchema>;

/** `PUT /fans/:id/tags`: the fan's tags (at most 20), replacing the ones it carries. */
export const fanTagsBodySchema = z.strictObject({
  tagIds: z.array(bodyIdField).max(TAGS_PER_FAN_MAX),
});
export type FanTagsBody = z.infer<typeof fanTagsBodySchema>;

/** `GET /fans/:id`: the profile, measurements, wardrobe, images, the latest 50 interactions. */
export const fanDetailSchema = z.object({
  fan: fanRowSchema,
  birthYear: z.number().int().nullable(),
  measurements: fanMeasurementsSchema.extend({ updatedAt: wireDateTime.nullable() }),
  wardrobe: z.array(wardrobeItemSchema),
  images: z.array(fanImageSchema),
  interactions: z.array(fanInteractionSchema),
});
export type FanDetail = z.infer<typeof fanDetailSchema>;

/** `:id` and a sub-resource's `:itemId`. */
export const fanItemParamsSchema = z.strictObject({
  id: idField,
  itemId: idField,
});

/** What a fan traded: a boutique order or a course purchase. */
export const fanOrderKinds = ['product', 'course'] as const;
export type FanOrderKind = (typeof fanOrderKinds)[number];

/** `GET /fans/:id/orders`: newest first; `kind` narrows to boutique orders or course purchases. */
export const fanOrderListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  kind: z.enum(['all', ...fanOrderKinds]).default('all'),
});
export type FanOrderListQuery = z.input<typeof fanOrderListQuerySchema>;

const fanOrderBase = {
  /** The order's or purchase's id (unique within its kind). */
  id: z.number().int(),
  /** The product's or course's title and cover now. */
  title: z.string(),
  coverUrl: z.string(),
  /** When it was ordered / bought. */
  at: wireDateTime,
};

/** One line of a fan's traded goods (交易商品). */
export const fanOrderItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('product'),
    ...fanOrderBase,
    productId: z.number().int(),
    size: z.string(),
    color: z.string(),
    quantity: z.number().int(),
    total: fen,
    state: z.enum(orderStates),
  }),
  z.object({
    kind: z.literal('course'),
    ...fanOrderBase,
    courseId: z.number().int(),
    pricePaid: fen,
    /** Progress: completed lessons of the course's lessons now. */
    lessonsCompleted: z.number().int(),
    lessonCount: z.number().int(),
  }),
]);
export type FanOrderItem = z.infer<typeof fanOrderItemSchema>;

/** The page plus how many of each kind the fan has (for the kind filter). */
export const fanOrderPageSchema = listPageSchema(fanOrderItemSchema).extend({
  counts: z.object({ product: z.number().int(), course: z.number().int() }),
});
export type FanOrderPage = z.infer<typeof fanOrderPageSchema>;

/** What each fans call sends and answers (contract/src/endpoint.ts); `api/fans.ts` says where. */
export const fansSchemas = {
  list: { query: fanListQuerySchema, data: fanListPageSchema },
  batchTag: { body: fanBatchTagBodySchema, data: fanBatchTagAnswerSchema },
  detail: { params: idParamsSchema, query: emptyQuerySchema, data: fanDetailSchema },
  orders: { params: idParamsSchema, query: fanOrderListQuerySchema, data: fanOrderPageSchema },
  saveMeasurements: {
    params: idParamsSchema,
    body: fanMeasurementsSchema,
    data: fanMeasurementsSchema.extend({ updatedAt: wireDateTime }),
  },
  setTags: { params: idParamsSchema, body: fanTagsBodySchema, data: z.array(fanTagChipSchema) },
  addWardrobeItem: { params: idParamsSchema, body: wardrobeItemBodySchema, data: wardrobeItemSchema },
  removeWardrobeItem: { params: fanItemParamsSchema, data: z.null() },
  addImage: { params: idParamsSchema, body: fanImageBodySchema, data: fanImageSchema },
  removeImage: { params: fanItemParamsSchema, data: z.null() },
} satisfies EndpointSchemaMap;
