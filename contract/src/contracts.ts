import { z } from 'zod';
import { ContractStatus, ContractType, Direction } from './constants.ts';
import { dateField } from './dates.ts';
import type { EndpointSchemaMap } from './endpoint.ts';
import { listPageSchema, pageQuerySchema } from './envelope.ts';
import {
  bodyIdField,
  fen,
  idField,
  idParamsSchema,
  imageUrlField,
  keywordField,
  text,
  wireDateTime,
} from './fields.ts';
import { worded } from './wordings.ts';

/**
 * Contracts with providers (issue 4 item 7), with the states, types and directions of spec
 * section 4. The designer creates a contract (it goes straight to pending audit); the platform
 * audits, executes and finishes it (operator CLI `contracts …`), each step a timeline event and
 * a notification to the designer.
 */

type Label = { 'zh-CN': string; 'en-US': string };

export type ContractStatusValue = (typeof ContractStatus)[keyof typeof ContractStatus];
export type ContractTypeValue = (typeof ContractType)[keyof typeof ContractType];
export type DirectionValue = (typeof Direction)[keyof typeof Direction];

const contractStatusLiteral = z.union([
  z.literal(ContractStatus.failedAudit),
  z.literal(ContractStatus.pendingAudit),
  z.literal(ContractStatus.pendingExecution),
  z.literal(ContractStatus.executing),
  z.literal(ContractStatus.finished),
]);
const contractTypeLiteral = z.union([
  z.literal(ContractType.main),
  z.literal(ContractType.sub),
  z.literal(ContractType.supplement),
]);
const directionLiteral = z.union([z.literal(Direction.payment), z.literal(Direction.receipt)]);

/** The same literals as a query string sends them ('1'). */
const inQuery = <T extends z.ZodType<unknown, number>>(literal: T) => z.coerce.number().pipe(literal);

/** Spec section 4 labels: 3 is "executing", labelled audit succeeded. */
export const contractStatusLabels: Record<ContractStatusValue, Label> = {
  0: { 'zh-CN': '审核失败', 'en-US': 'Failed audit' },
  1: { 'zh-CN': '待审核', 'en-US': 'Pending audit' },
  2: { 'zh-CN': '待履行', 'en-US': 'Pending execution' },
  3: { 'zh-CN': '审核成功', 'en-US': 'Audit succeeded' },
  4: { 'zh-CN': '已完成', 'en-US': 'Finished' },
};
export const contractTypeLabels: Record<ContractTypeValue, Label> = {
  0: { 'zh-CN': '主合同', 'en-US': 'Main contract' },
  1: { 'zh-CN': '子合同', 'en-US': 'Sub-contract' },
  2: { 'zh-CN': '补充协议', 'en-US': 'Supplement' },
};
export const directionLabels: Record<DirectionValue, Label> = {
  0: { 'zh-CN': '付款', 'en-US': 'Payment' },
  1: { 'zh-CN': '收款', 'en-US': 'Receipt' },
};

/**
 * The platform's transitions (operator CLI): audit 1 → 2 (pass) or 0 (fail), execute 2 → 3,
 * finish 3 → 4. Anything else is refused.
 */
export const contractTransitions = {
  auditPass: { from: ContractStatus.pendingAudit, to: ContractStatus.pendingExecution },
  auditFail: { from: ContractStatus.pendingAudit, to: ContractStatus.failedAudit },
  execute: { from: ContractStatus.pendingExecution, to: ContractStatus.executing },
  finish: { from: ContractStatus.executing, to: ContractStatus.finished },
} as const;

export const contractEventKinds = ['created', 'submitted', 'audited', 'executed', 'finished'] as const;
export type ContractEventKind = (typeof contractEventKinds)[number];
export const contractEventLabels: Record<ContractEventKind, Label> = {
  created: { 'zh-CN': '创建合同', 'en-US': 'Created' },
  submitted: { 'zh-CN': '提交审核', 'en-US': 'Submitted for audit' },
  audited: { 'zh-CN': '平台审核', 'en-US': 'Audited' },
  executed: { 'zh-CN': '开始执行', 'en-US': 'Execution started' },
  finished: { 'zh-CN': '合同完成', 'en-US': 'Finished' },
};

export const CONTRACT_TITLE_MAX = 64;
export const CONTRACT_REMARK_MAX = 500;
export const CONTRACT_ATTACHMENTS_MAX = 10;
export const ATTACHMENT_NAME_MAX = 128;
/** 1 billion yuan, in fen. */
export const CONTRACT_AMOUNT_MAX = 100_000_000_000;

export const contractAttachmentSchema = z.strictObject({
  name: text(ATTACHMENT_NAME_MAX, 1, 'line'),
  url: imageUrlField,
});
export type ContractAttachment = z.infer<typeof contractAttachmentSchema>;

/**
 * The create form's fields without the cross-field rules, for validating one step at a time
 * (`contractCreateFieldsSchema.pick(...)` with the fields of `contractFormSteps[i]`).
 */
export const contractCreateFieldsSchema = z.strictObject({
  title: text(CONTRACT_TITLE_MAX, 1, 'line'),
  providerId: bodyIdField,
  type: contractTypeLiteral,
  /** The main contract a sub-contract or supplement belongs to; null / absent for a main one. */
  parentId: bodyIdField.nullable().optional(),
  direction: directionLiteral,
  /** Fen, 0 to 1 billion yuan. */
  amount: fen.min(0).max(CONTRACT_AMOUNT_MAX),
  startDate: dateField,
  endDate: dateField,
  attachments: z
    .array(contractAttachmentSchema)
    .min(1, worded('请附上合同文件', 'attach the contract document'))
    .max(
      CONTRACT_ATTACHMENTS_MAX,
      worded(`最多 ${CONTRACT_ATTACHMENTS_MAX} 个附件`, `at most ${CONTRACT_ATTACHMENTS_MAX} attachments`),
    )
    .refine(
      (list) => new Set(list.map((a) => a.url)).size === list.length,
      'the same file is attached twice',
    ),
  remark: text(CONTRACT_REMARK_MAX, 0, 'lines').default(''),
});

/** The create form's steps: basics, money and dates, attachments. */
export const contractFormSteps = [
  ['title', 'providerId', 'type', 'parentId', 'direction'],
  ['amount', 'startDate', 'endDate'],
  ['attachments', 'remark'],
] as const;

/**
 * `POST /designerapi/v1/contracts`: a main contract has no parent; a sub-contract or supplement
 * names its main contract (`parentId`: one of the designer's main contracts with the same
 * provider, not failed audit). The end date is not before the start date. The contract starts
 * pending audit (1). Unknown provider or parent (or another designer's): 40400 on the field.
 */
export const contractCreateBodySchema = contractCreateFieldsSchema.superRefine((body, ctx) => {
  if (body.endDate < body.startDate) {
    ctx.addIssue({
      code: 'custom',
      path: ['endDate'],
      message: worded('不能早于开始日期', 'must not be before the start date'),
    });
  }
  if (body.type === ContractType.main && body.parentId != null) {
    ctx.addIssue({
      code: 'custom',
      path: ['parentId'],
      message: worded('主合同没有上级合同', 'a main contract has no parent contract'),
    });
  }
  if (body.type !== ContractType.main && body.parentId == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['parentId'],
      message: worded('请选择所属的主合同', 'choose the main contract it belongs to'),
    });
  }
});
export type ContractCreateBody = z.input<typeof contractCreateBodySchema>;

export const contractSortFields = ['createdAt', 'amount', 'startDate', 'status'] as const;

/**
 * `GET /designerapi/v1/contracts`: filters `status`, `type`, `direction` (numbers),
 * `providerId`, `keyword` (title or code), `dateFrom`/`dateTo` (creation day, business time,
 * inclusive); sorted by `sortBy` (default createdAt) and `order` (default desc).
 */
export const contractListQuerySchema = z
  .strictObject({
    ...pageQuerySchema.shape,
    sortBy: z.enum(contractSortFields).default('createdAt'),
    status: inQuery(contractStatusLiteral).optional(),
    type: inQuery(contractTypeLiteral).optional(),
    direction: inQuery(directionLiteral).optional(),
    providerId: idField.optional(),
    keyword: keywordField,
    dateFrom: dateField.optional(),
    dateTo: dateField.optional(),
  })
  .superRefine((query, ctx) => {
    if (query.dateFrom && query.dateTo && query.dateTo < query.dateFrom) {
      ctx.addIssue({
        code: 'custom',
        path: ['dateTo'],
        message: worded('不能早于 dateFrom', 'must not be before dateFrom'),
      });
    }
  });
export type ContractListQuery = z.input<typeof contractListQuerySchema>;

export const contractItemSchema = z.object({
  id: z.number().int(),
  /** `HT20260315000012`: HT, the creation day, the id. */
  code: z.string(),
  title: z.string(),
  providerId: z.number().int(),
  providerName: z.string(),
  type: contractTypeLiteral,
  direction: directionLiteral,
  amount: fen,
  status: contractStatusLiteral,
  startDate: z.string(),
  endDate: z.string(),
  parentId: z.number().int().nullable(),
  attachmentCount: z.number().int(),
  createdAt: wireDateTime,
  updatedAt: wireDateTime,
});
export type ContractItem = z.infer<typeof contractItemSchema>;

export const contractRelativeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  type: contractTypeLiteral,
  status: contractStatusLiteral,
  amount: fen,
});
export type ContractRelative = z.infer<typeof contractRelativeSchema>;

export const contractEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(contractEventKinds),
  actor: z.enum(['designer', 'platform']),
  /** The designer's nickname, or 平台 for the platform. */
  actorName: z.string(),
  note: z.string(),
  fromStatus: contractStatusLiteral.nullable(),
  toStatus: contractStatusLiteral.nullable(),
  at: wireDateTime,
});
export type ContractEvent = z.infer<typeof contractEventSchema>;

/** `GET /designerapi/v1/contracts/:id` (and the POST's answer): the contract and its timeline. */
export const contractDetailSchema = contractItemSchema.extend({
  remark: z.string(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
  parent: contractRelativeSchema.nullable(),
  /** Sub-contracts and supplements of a main contract, oldest first. */
  children: z.array(contractRelativeSchema),
  /** Oldest first. */
  timeline: z.array(contractEventSchema),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

/** What each contracts call sends and answers (contract/src/endpoint.ts); `api/contracts.ts` says where. */
export const contractsSchemas = {
  list: { query: contractListQuerySchema, data: listPageSchema(contractItemSchema) },
  create: { body: contractCreateBodySchema, data: contractDetailSchema },
  detail: { params: idParamsSchema, data: contractDetailSchema },
} satisfies EndpointSchemaMap;
