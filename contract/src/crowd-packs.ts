import { z } from 'zod';
import { productCategories } from './boutique.ts';
import { dateField } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import {
  cursorListPageSchema,
  cursorPageQuerySchema,
  emptyQuerySchema,
  listPageSchema,
  pageQuerySchema,
} from './envelope.ts';
import {
  fanBatchTagAnswerSchema,
  fanGenders,
  fanMeasurementKeys,
  fanRowSchema,
  fanSources,
  wardrobeCategories,
} from './fans.ts';
import { bodyIdField, idField, idParamsSchema, text, wireDateTime } from './fields.ts';
import { IMPRESSIONS_PER_DESIGNER_MAX } from './impressions.ts';
import { TAGS_PER_DESIGNER_MAX } from './tags.ts';
import { worded } from './wordings.ts';

/**
 * 智能客户 › 人群包 crowd packs (issue 8): segments of the designer's fans.
 * A rule pack is a tree of AND/OR groups over conditions on fan attributes, compiled by the
 * server into one parameterised SQL query; a combined pack combines rule packs' materialised
 * memberships (include groups OR-ed inside and AND-ed across, minus an exclude list).
 *
 * `GET|POST /crowd-packs`, `GET|PUT|DELETE /crowd-packs/:id`, `POST /crowd-packs/:id/copy`,
 * `POST /crowd-packs/:id/refresh`, `POST /crowd-packs/count` (live count while editing),
 * `POST /crowd-packs/overlap`, `GET /crowd-packs/:id/members`, `GET /crowd-packs/:id/trace`,
 * `GET /crowd-packs/:id/members/export.csv`, `POST /crowd-packs/:id/tag-members`.
 */

export const PACK_NAME_MAX = 32;
/** Levels of groups a rule may nest (the root group is level 1): a 10-level tree is refused. */
export const RULE_MAX_DEPTH = 8;
/** Conditions in one rule: 500 is refused long before SQL is built. */
export const RULE_MAX_CONDITIONS = 100;
/** Rule packs one combined pack may use. */
export const COMBINED_MAX_SOURCES = 50;
export const COMBINED_MAX_GROUPS = 10;
/** Packs one overlap view compares. */
export const OVERLAP_MAX_PACKS = 12;
export const RULE_LIST_MAX = 50;
export const RULE_DAYS_MAX = 3650;
export const RULE_COUNT_MAX = 1_000_000;
export const RULE_SPENT_MAX = 1_000_000_000_000;

export const packKinds = ['rule', 'combined'] as const;
export type PackKind = (typeof packKinds)[number];
export const packRefreshModes = ['manual', 'daily'] as const;
export type PackRefreshMode = (typeof packRefreshModes)[number];
export const packStates = ['computing', 'ready', 'failed'] as const;
export type PackState = (typeof packStates)[number];

/** Every field a condition can test, in the order the rule builder offers them. */
export const ruleFields = [
  'gender',
  'age',
  'city',
  'source',
  'followedAt',
  'lastActiveAt',
  'totalSpent',
  'orderCount',
  'purchase',
  'coursePurchase',
  'tags',
  'impression',
  'measurement',
  'wardrobe',
] as const;
export type RuleField = (typeof ruleFields)[number];
export const tagOperators = ['any', 'all', 'none'] as const;
export type TagOperator = (typeof tagOperators)[number];
/** Carries any of the impression words, or none of them. */
export const impressionOperators = ['any', 'none'] as const;
export type ImpressionOperator = (typeof impressionOperators)[number];

const id = bodyIdField;
const cityCode = z.string().regex(/^\d{6}$/, worded('须为 6 位城市代码', 'a 6-digit city code'));
const condition = { type: z.literal('condition') };

/** `min`/`max` of a range, either open (null) but not both; min ≤ max, reported on `max`. */
function checkRange(value: { min: number | null; max: number | null }, ctx: z.core.$RefinementCtx) {
  if (value.min === null && value.max === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['min'],
      message: worded('请设置最小值、最大值或两者', 'set a minimum, a maximum or both'),
    });
  } else if (value.min !== null && value.max !== null && value.min > value.max) {
    ctx.addIssue({
      code: 'custom',
      path: ['max'],
      message: worded('不能小于最小值', 'must not be less than the minimum'),
    });
  }
}
const rangeCondition = <F extends string>(field: F, bound: z.ZodNumber) =>
  z
    .strictObject({
      ...condition,
      field: z.literal(field),
      op: z.literal('between'),
      min: bound.nullable(),
      max: bound.nullable(),
    })
    .superRefine(checkRange);

const inCondition = <F extends string, V extends z.ZodType>(field: F, value: V) =>
  z.strictObject({
    ...condition,
    field: z.literal(field),
    op: z.literal('in'),
    values: z.array(value).min(1, worded('请至少选择一项', 'choose at least one')).max(RULE_LIST_MAX),
  });

/** Followed / last active: within the last N days, or between two business days. */
const timeCondition = <F extends string>(field: F) =>
  z.discriminatedUnion('op', [
    z.strictObject({
      ...condition,
      field: z.literal(field),
      op: z.literal('withinDays'),
      days: z.number().int().min(1).max(RULE_DAYS_MAX),
    }),
    z
      .strictObject({
        ...condition,
        field: z.literal(field),
        op: z.literal('between'),
        from: dateField,
        to: dateField,
      })
      .superRefine((value, ctx) => {
        if (value.from > value.to)
          ctx.addIssue({ code: 'custom', path: ['to'], message: worded('早于开始日期', 'before the start') });
      }),
  ]);

/** Measurements in cm (kg for weight), one decimal at most, as the fan detail speaks them. */
const measure = z
  .number()
  .min(0)
  .max(300)
  .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, 'at most one decimal');

export const ruleConditionSchema = z.discriminatedUnion('field', [
  inCondition('gender', z.enum(fanGenders)),
  rangeCondition('age', z.number().int().min(0).max(120)),
  inCondition('city', cityCode),
  inCondition('source', z.enum(fanSources)),
  timeCondition('followedAt'),
  timeCondition('lastActiveAt'),
  rangeCondition('totalSpent', z.number().int().min(0).max(RULE_SPENT_MAX)),
  rangeCondition('orderCount', z.number().int().min(0).max(RULE_COUNT_MAX)),
  /** Bought a boutique product within N days: any, these products, or these categories. */
  z.strictObject({
    ...condition,
    field: z.literal('purchase'),
    op: z.literal('withinDays'),
    days: z.number().int().min(1).max(RULE_DAYS_MAX),
    productIds: z.array(id).max(RULE_LIST_MAX),
    categories: z.array(z.enum(productCategories)).max(productCategories.length),
  }),
  /**
   * Bought a course within N days: any of these courses, or any of the designer's courses when
   * empty (the fan's course purchases through the platform user they are).
   */
  z.strictObject({
    ...condition,
    field: z.literal('coursePurchase'),
    op: z.literal('withinDays'),
    days: z.number().int().min(1).max(RULE_DAYS_MAX),
    courseIds: z.array(id).max(RULE_LIST_MAX),
  }),
  z.strictObject({
    ...condition,
    field: z.literal('tags'),
    op: z.enum(tagOperators),
    tagIds: z
      .array(id)
      .min(1, worded('请至少选择一个标签', 'choose at least one tag'))
      .max(TAGS_PER_DESIGNER_MAX),
  }),
  z.strictObject({
    ...condition,
    field: z.literal('impression'),
    op: z.enum(impressionOperators),
    impressionIds: z
      .array(id)
      .min(1, worded('请至少选择一个印象', 'choose at least one impression'))
      .max(IMPRESSIONS_PER_DESIGNER_MAX),
  }),
  z
    .strictObject({
      ...condition,
      field: z.literal('measurement'),
      op: z.literal('between'),
      key: z.enum(fanMeasurementKeys),
      min: measure.nullable(),
      max: measure.nullable(),
    })
    .superRefine(checkRange),
  z
    .strictObject({
      ...condition,
      field: z.literal('wardrobe'),
      op: z.literal('contains'),
      category: z.enum(wardrobeCategories).nullable(),
      size: text(8).nullable(),
    })
    .superRefine((value, ctx) => {
      if (value.category === null && value.size === null) {
        ctx.addIssue({ code: 'custom', path: ['category'], message: 'choose a category, a size or both' });
      }
    }),
]);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

export const groupOperators = ['and', 'or'] as const;
export type GroupOperator = (typeof groupOperators)[number];
export interface RuleGroup {
  type: 'group';
  op: GroupOperator;
  children: RuleNode[];
}
export type RuleNode = RuleGroup | RuleCondition;

const groupSchema: z.ZodType<RuleGroup> = z
  .strictObject({
    type: z.literal('group'),
    op: z.enum(groupOperators),
    get children() {
      return z
        .array(
          z.discriminatedUnion('type', [
            // The annotation hides the object's shape; at run time it is the strict object above.
            groupSchema as unknown as z.ZodObject<{ type: z.ZodLiteral<'group'> }>,
            ruleConditionSchema,
          ]),
        )
        .min(1, worded('请为该组添加条件', 'add a condition to the group'));
    },
    // The id names the recursive schema in the OpenAPI document (components.schemas.CrowdRuleGroup).
  })
  .meta({ id: 'CrowdRuleGroup' }) as z.ZodType<RuleGroup>;

interface LimitProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * Walks the raw input (before it is parsed, without recursion, so a 100,000-level JSON cannot
 * exhaust the stack) and answers the first limit it breaks: too deep or too many conditions.
 */
export function ruleLimitProblem(input: unknown): LimitProblem | undefined {
  const stack: Array<{ node: unknown; depth: number; path: Array<string | number> }> = [
    { node: input, depth: 1, path: [] },
  ];
  let conditions = 0;
  while (stack.length > 0) {
    const { node, depth, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    const children = (node as { children?: unknown }).children;
    if ((node as { type?: unknown }).type === 'group' && Array.isArray(children)) {
      if (depth > RULE_MAX_DEPTH) {
        return { path, message: `groups nest at most ${RULE_MAX_DEPTH} levels deep` };
      }
      children.forEach((child, index) => {
        stack.push({ node: child, depth: depth + 1, path: [...path, 'children', index] });
      });
    } else {
      conditions += 1;
      if (conditions > RULE_MAX_CONDITIONS) {
        return { path: [], message: `a rule has at most ${RULE_MAX_CONDITIONS} conditions` };
      }
    }
  }
  return undefined;
}

/** The rule of a rule pack: its root group. Limits first, then the tree. */
export const ruleSchema = z.preprocess((input, ctx) => {
  const problem = ruleLimitProblem(input);
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  return input;
}, groupSchema);

/** Include groups (packs OR-ed inside a group, groups AND-ed) minus the exclude list. */
export const combinationSchema = z
  .strictObject({
    include: z
      .array(
        z
          .array(id)
          .min(1, worded('请至少选择一个人群包', 'choose at least one pack'))
          .max(COMBINED_MAX_SOURCES),
      )
      .min(1, worded('请添加一个包含组', 'add an include group'))
      .max(COMBINED_MAX_GROUPS),
    exclude: z.array(id).max(COMBINED_MAX_SOURCES),
  })
  .superRefine((value, ctx) => {
    const included = new Set(value.include.flat());
    if (new Set([...included, ...value.exclude]).size > COMBINED_MAX_SOURCES) {
      ctx.addIssue({ code: 'custom', path: [], message: `at most ${COMBINED_MAX_SOURCES} source packs` });
    }
    value.exclude.forEach((packId, index) => {
      if (included.has(packId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['exclude', index],
          message: 'a pack cannot be included and excluded',
        });
      }
    });
  });
export type Combination = z.infer<typeof combinationSchema>;

const packName = text(PACK_NAME_MAX);
const refreshMode = z.enum(packRefreshModes);

/** `POST /crowd-packs` and `PUT /crowd-packs/:id` (a pack keeps its kind). */
export const packBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('rule'), name: packName, refreshMode, rule: ruleSchema }),
  z.strictObject({
    kind: z.literal('combined'),
    name: packName,
    refreshMode,
    combination: combinationSchema,
  }),
]);
export type PackBody = z.input<typeof packBodySchema>;
export type PackBodyValue = z.output<typeof packBodySchema>;

/** `POST /crowd-packs/count`: the definition being edited. */
export const packCountBodySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('rule'), rule: ruleSchema }),
  z.strictObject({ kind: z.literal('combined'), combination: combinationSchema }),
]);
export type PackCountBody = z.input<typeof packCountBodySchema>;

export const packCountSchema = z.object({
  /** Fans the whole definition matches now (estimated when `totalMargin` is not null). */
  total: z.number().int(),
  /**
   * Null when `total` is exact; else `total` was estimated from a sample and this is its 95 %
   * margin in fans (shown as "about N ± margin"). A saved pack's size is always exact.
   */
  totalMargin: z.number().int().nullable(),
  /** All the designer's fans. */
  allFans: z.number().int(),
  /** total ÷ allFans (0 without fans). */
  share: z.number(),
  /**
   * Fans matched by each node on its own, keyed by the node's path (`rule`,
   * `rule.children.0`, `combination.include.1`, `combination.include.1.0`, `combination.exclude`).
   */
  nodes: z.record(z.string(), z.number().int()),
  /**
   * True when the counts were read from a sample of a very large fan base (about 20,000 of
   * them): `allFans` and the nodes' own counts are estimates (shown as "about N"), and so is
   * `total` unless the sample found too few matches (`totalMargin` null: counted exactly).
   */
  estimated: z.boolean(),
  elapsedMs: z.number().int(),
});
export type PackCount = z.infer<typeof packCountSchema>;

/** The key of a node in `nodes` and traces: its path in the body, dot-joined. */
export const packNodePath = (...parts: Array<string | number>) => parts.join('.');

export const packRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(packKinds),
  size: z.number().int(),
  state: z.enum(packStates),
});
export type PackRef = z.infer<typeof packRefSchema>;

export const packRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(packKinds),
  /** Exactly one of rule / combination, by kind. */
  rule: groupSchema.nullable(),
  combination: combinationSchema.nullable(),
  /** Members at the last computation. */
  size: z.number().int(),
  /** All the designer's fans then (for the share). */
  allFans: z.number().int(),
  computedAt: wireDateTime.nullable(),
  /**
   * The size may no longer be what the definition matches (issue 17 item 6; the server's
   * crowd-packs/staleness.ts says when). A screen opening a stale pack starts refreshing it: it
   * is then answered `computing`, still stale, until the computation ends.
   */
  stale: z.boolean(),
  refreshMode: z.enum(packRefreshModes),
  state: z.enum(packStates),
  /** Why the last computation failed (state failed). */
  failure: z.string(),
  /** Combined packs that use this one. */
  usedBy: z.array(packRefSchema),
  /** Rule packs a combined pack uses. */
  sources: z.array(packRefSchema),
  createdAt: wireDateTime,
  updatedAt: wireDateTime,
});
export type PackRow = z.infer<typeof packRowSchema>;

export const packListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  keyword: z.string().trim().max(PACK_NAME_MAX).optional(),
  kind: z.enum(packKinds).optional(),
});
export type PackListQuery = z.input<typeof packListQuerySchema>;

export const packSizePointSchema = z.object({ at: wireDateTime, size: z.number().int() });
export type PackSizePoint = z.infer<typeof packSizePointSchema>;

/** `GET /crowd-packs/:id`: the row, size history (oldest first, the latest 90). */
export const packDetailSchema = z.object({
  pack: packRowSchema,
  sizeHistory: z.array(packSizePointSchema),
});
export type PackDetail = z.infer<typeof packDetailSchema>;

/** Members page by keyset on (followed time, fan id), newest first (`order` is accepted and ignored, as before). */
export const packMembersQuerySchema = z.strictObject({ ...cursorPageQuerySchema.shape });
export type PackMembersQuery = z.input<typeof packMembersQuerySchema>;

export const packTraceQuerySchema = z.strictObject({
  fanId: idField,
  _t: z.coerce.number().optional(),
});

/** `GET /crowd-packs/:id/trace?fanId=`: why a fan is (or is not) in the pack. */
export const packTraceSchema = z.object({
  fan: fanRowSchema,
  /** In the materialised membership (the last computation). */
  member: z.boolean(),
  /** Whether the definition matches the fan now. */
  matchesNow: z.boolean(),
  computedAt: wireDateTime.nullable(),
  /** Each node's result for this fan, keyed as in `packCountSchema.nodes`. */
  nodes: z.record(z.string(), z.boolean()),
});
export type PackTrace = z.infer<typeof packTraceSchema>;

export const packOverlapBodySchema = z.strictObject({
  packIds: z.array(id).min(1, worded('请选择人群包', 'choose a pack')).max(OVERLAP_MAX_PACKS),
});
export const packOverlapSchema = z.object({
  packs: z.array(packRefSchema),
  /** Fans in both packs, for each pair (a < b by position in `packs`). */
  pairs: z.array(z.object({ a: z.number().int(), b: z.number().int(), both: z.number().int() })),
});
export type PackOverlap = z.infer<typeof packOverlapSchema>;

/** `POST /crowd-packs/:id/tag-members`: the fans batch tagging, on the pack's members. */
export const packTagMembersBodySchema = z.strictObject({
  addTagIds: z.array(id).min(1, worded('请选择标签', 'choose a tag')).max(20),
});

/** What each crowd-packs call sends and answers (contract/src/endpoint.ts); `api/crowd-packs.ts` says where. */
export const crowdPacksSchemas = {
  list: { query: packListQuerySchema, data: listPageSchema(packRowSchema) },
  create: { body: packBodySchema, data: packRowSchema },
  count: { body: packCountBodySchema, data: packCountSchema },
  overlap: { body: packOverlapBodySchema, data: packOverlapSchema },
  detail: { params: idParamsSchema, query: emptyQuerySchema, data: packDetailSchema },
  update: { params: idParamsSchema, body: packBodySchema, data: packRowSchema },
  remove: { params: idParamsSchema, data: z.null() },
  copy: { params: idParamsSchema, data: packRowSchema },
  refresh: { params: idParamsSchema, data: packRowSchema },
  members: {
    params: idParamsSchema,
    query: packMembersQuerySchema,
    data: cursorListPageSchema(fanRowSchema),
  },
  /** A CSV file, no envelope. */
  exportCsv: { params: idParamsSchema, query: emptyQuerySchema },
  trace: { params: idParamsSchema, query: packTraceQuerySchema, data: packTraceSchema },
  tagMembers: { params: idParamsSchema, body: packTagMembersBodySchema, data: fanBatchTagAnswerSchema },
} satisfies EndpointSchemaMap;
