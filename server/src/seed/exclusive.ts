import {
  type ContractTypeValue,
  contractTransitions,
  type DirectionValue,
  isValidIdCardNumber,
} from '@dc/contract';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  contractEvents,
  contracts,
  exclusiveApplications,
  providerCollections,
  providers,
} from '../db/schema/index.ts';
import { PLATFORM_ACTOR } from '../modules/contracts/index.ts';
import {
  addDays,
  businessDateAtOffset,
  businessDayCompact,
  DAY_MS,
  MINUTE_MS,
} from '../time/business-day.ts';
import { picture } from './pictures.ts';

const ago = (now: Date, days: number, minutes = 0) =>
  new Date(now.getTime() - days * DAY_MS - minutes * MINUTE_MS);

type ProviderSeed = Pick<
  typeof providers.$inferInsert,
  'name' | 'kind' | 'cityCode' | 'description' | 'styles'
>;

/** The platform's providers: shared by every designer, created once. */
export const DEMO_PROVIDERS: ProviderSeed[] = [
  {
    name: '云裳坊',
    kind: 'brand',
    cityCode: '330100',
    description: '杭州新中式女装品牌，以改良旗袍和宋锦外套见长。',
    styles: ['新中式', '旗袍', '女装'],
  },
  {
    name: '素织 Linen Lab',
    kind: 'studio',
    cityCode: '310100',
    description: '专注亚麻与天然纤维的极简设计工作室。',
    styles: ['亚麻', '极简', '可持续'],
  },
  {
    name: '墨白高定',
    kind: 'studio',
    cityCode: '110100',
    description: '北京高级定制工作室，礼服与晚装为主。',
    styles: ['高级定制', '礼服'],
  },
  {
    name: '南岸西服',
    kind: 'brand',
    cityCode: '440100',
    description: '广州男士西装定制品牌，半麻衬工艺。',
    styles: ['西装定制', '男装', '商务'],
  },
  {
    name: '锦绣苏作',
    kind: 'studio',
    cityCode: '320500',
    description: '苏州手工刺绣工作室，苏绣非遗传承。',
    styles: ['苏绣', '手工刺绣', '非遗'],
  },
  {
    name: '童趣小衣',
    kind: 'brand',
    cityCode: '440600',
    description: '佛山原创童装品牌，A 类婴幼儿标准面料。',
    styles: ['童装', '纯棉'],
  },
  {
    name: '山野户外',
    kind: 'brand',
    cityCode: '510100',
    description: '成都户外功能服饰品牌，冲锋衣与轻徒步系列。',
    styles: ['户外', '功能性'],
  },
  {
    name: '织梦针织',
    kind: 'factory',
    cityCode: '330400',
    description: '嘉兴针织毛衫工厂，支持小单快反与打样。',
    styles: ['针织', '毛衫', '打样'],
  },
  {
    name: '东方礼服',
    kind: 'studio',
    cityCode: '440300',
    description: '深圳婚纱礼服设计工作室，中式秀禾与西式婚纱。',
    styles: ['婚纱', '秀禾', '礼服'],
  },
  {
    name: '青禾棉麻',
    kind: 'brand',
    cityCode: '350200',
    description: '厦门文艺棉麻女装品牌。',
    styles: ['棉麻', '文艺', '女装'],
  },
  {
    name: '型格男装',
    kind: 'brand',
    cityCode: '350500',
    description: '泉州商务休闲男装品牌，年出货百万件。',
    styles: ['男装', '商务休闲'],
  },
  {
    name: '霓裳汉服',
    kind: 'studio',
    cityCode: '610100',
    description: '西安汉服形制研究与设计工作室。',
    styles: ['汉服', '国风'],
  },
  {
    name: '晴川丝绸',
    kind: 'factory',
    cityCode: '330500',
    description: '湖州真丝面料与成衣工厂，桑蚕丝原料直供。',
    styles: ['真丝', '面料'],
  },
  {
    name: '潮序街头',
    kind: 'brand',
    cityCode: '420100',
    description: '武汉街头潮流品牌，联名限量为主。',
    styles: ['街头', '潮牌'],
  },
  {
    name: '雅集旗袍',
    kind: 'studio',
    cityCode: '310100',
    description: '上海海派旗袍工作室，手工盘扣与滚边。',
    styles: ['旗袍', '海派', '手工'],
  },
];

/** Inserts the providers that are not there yet (by name); answers name → id of all of them. */
export async function seedProviders(db: Database, now: Date): Promise<Map<string, number>> {
  await db
    .insert(providers)
    .values(
      DEMO_PROVIDERS.map((p, i) => ({
        ...p,
        logo: picture(null, `provider-${i + 1}`),
        createdAt: ago(now, 400 - i),
      })),
    )
    .onConflictDoNothing({ target: providers.name });
  const rows = await db
    .select({ id: providers.id, name: providers.name })
    .from(providers)
    .where(
      inArray(
        providers.name,
        DEMO_PROVIDERS.map((p) => p.name),
      ),
    );
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** A resident identity card number with its check digit (the demo's own, not a real person's). */
function idCardNumber(first17: string): string {
  for (const check of '0123456789X') {
    if (isValidIdCardNumber(`${first17}${check}`)) return `${first17}${check}`;
  }
  throw new Error(`no check digit for ${first17}`);
}

interface SeedContract {
  title: string;
  provider: string;
  type: ContractTypeValue;
  /** Title of the main contract (sub-contracts and supplements). */
  parent?: string;
  direction: DirectionValue;
  amountYuan: number;
  createdDaysAgo: number;
  createdMinutesAgo?: number;
  months: number;
  steps: Array<{
    action: keyof typeof contractTransitions;
    daysAgo: number;
    minutesAgo?: number;
    note?: string;
  }>;
  attachments: string[];
  remark?: string;
}

/**
 * demo's contracts: every status, type and direction; the titles and times match the contract
 * news of the seeded notifications (审核通过 25 minutes ago, 未通过 7 days ago…).
 */
const DEMO_CONTRACTS: SeedContract[] = [
  {
    title: '汉服系列设计授权',
    provider: '霓裳汉服',
    type: 0,
    direction: 1,
    amountYuan: 150_000,
    createdDaysAgo: 200,
    months: 6,
    steps: [
      { action: 'auditPass', daysAgo: 197 },
      { action: 'execute', daysAgo: 190 },
      { action: 'finish', daysAgo: 100 },
    ],
    attachments: ['汉服系列设计授权合同.pdf', '款式清单.xlsx'],
  },
  {
    title: '汉服系列补充协议（追加款式）',
    provider: '霓裳汉服',
    type: 2,
    parent: '汉服系列设计授权',
    direction: 1,
    amountYuan: 30_000,
    createdDaysAgo: 150,
    months: 2,
    steps: [
      { action: 'auditPass', daysAgo: 148 },
      { action: 'execute', daysAgo: 145 },
      { action: 'finish', daysAgo: 100, minutesAgo: 30 },
    ],
    attachments: ['补充协议.pdf'],
  },
  {
    title: '童装打版课程分成',
    provider: '童趣小衣',
    type: 0,
    direction: 1,
    amountYuan: 86_000,
    createdDaysAgo: 120,
    months: 3,
    steps: [
      { action: 'auditPass', daysAgo: 117 },
      { action: 'execute', daysAgo: 110 },
      { action: 'finish', daysAgo: 15, minutesAgo: 70 },
    ],
    attachments: ['课程分成合同.pdf'],
  },
  {
    title: '户外系列合作意向',
    provider: '山野户外',
    type: 0,
    direction: 1,
    amountYuan: 90_000,
    createdDaysAgo: 70,
    months: 12,
    steps: [{ action: 'auditFail', daysAgo: 66, note: '合同金额与报价单不一致' }],
    attachments: ['合作意向书.pdf'],
  },
  {
    title: '定制西装订单',
    provider: '南岸西服',
    type: 0,
    direction: 0,
    amountYuan: 32_000,
    createdDaysAgo: 60,
    months: 1,
    steps: [
      { action: 'auditPass', daysAgo: 58 },
      { action: 'execute', daysAgo: 55 },
      { action: 'finish', daysAgo: 20, minutesAgo: 260 },
    ],
    attachments: ['西装加工合同.pdf', '尺寸单.pdf'],
    remark: '肩线改窄 1 cm，见尺寸单',
  },
  {
    title: '针织毛衫打样',
    provider: '织梦针织',
    type: 0,
    direction: 0,
    amountYuan: 18_000,
    createdDaysAgo: 45,
    months: 2,
    steps: [
      { action: 'auditPass', daysAgo: 44 },
      { action: 'execute', daysAgo: 40 },
    ],
    attachments: ['打样合同.pdf'],
  },
  {
    title: '亚麻衬衫联名款',
    provider: '素织 Linen Lab',
    type: 0,
    direction: 1,
    amountYuan: 120_000,
    createdDaysAgo: 30,
    months: 6,
    steps: [
      { action: 'auditPass', daysAgo: 26, minutesAgo: 55 },
      { action: 'execute', daysAgo: 20 },
    ],
    attachments: ['联名合作合同.pdf'],
  },
  {
    title: '丝绸面料框架协议',
    provider: '晴川丝绸',
    type: 0,
    direction: 0,
    amountYuan: 0,
    createdDaysAgo: 20,
    months: 12,
    steps: [{ action: 'auditPass', daysAgo: 18 }],
    attachments: ['框架协议.pdf'],
    remark: '框架协议不含金额，按月下单结算',
  },
  {
    title: '品牌联名补充协议',
    provider: '素织 Linen Lab',
    type: 2,
    parent: '亚麻衬衫联名款',
    direction: 1,
    amountYuan: 20_000,
    createdDaysAgo: 14,
    months: 3,
    steps: [
      { action: 'auditPass', daysAgo: 13 },
      { action: 'execute', daysAgo: 11, minutesAgo: 180 },
    ],
    attachments: ['补充协议.pdf'],
  },
  {
    title: '旗袍工作坊课程合作',
    provider: '雅集旗袍',
    type: 0,
    direction: 1,
    amountYuan: 45_000,
    createdDaysAgo: 9,
    months: 3,
    steps: [{ action: 'auditFail', daysAgo: 7, minutesAgo: 30, note: '附件缺少盖章页' }],
    attachments: ['课程合作合同（未盖章）.pdf'],
  },
  {
    title: '秋冬高定系列授权',
    provider: '墨白高定',
    type: 0,
    direction: 1,
    amountYuan: 380_000,
    createdDaysAgo: 4,
    createdMinutesAgo: 60,
    months: 12,
    steps: [],
    attachments: ['授权合同.pdf', '系列设计稿.pdf'],
  },
  {
    title: '2026春季联名合作',
    provider: '云裳坊',
    type: 0,
    direction: 1,
    amountYuan: 260_000,
    createdDaysAgo: 3,
    months: 6,
    steps: [{ action: 'auditPass', daysAgo: 0, minutesAgo: 25 }],
    attachments: ['联名合作合同.pdf'],
  },
  {
    title: '春季联名面料采购',
    provider: '云裳坊',
    type: 1,
    parent: '2026春季联名合作',
    direction: 0,
    amountYuan: 68_000,
    createdDaysAgo: 1,
    createdMinutesAgo: 120,
    months: 2,
    steps: [],
    attachments: ['面料采购子合同.pdf'],
  },
];

const eventOf = {
  auditPass: 'audited',
  auditFail: 'audited',
  execute: 'executed',
  finish: 'finished',
} as const;

/**
 * demo's exclusive-designer data: collected providers, applications in every state (one
 * resubmitted after a rejection) and the contracts with their timelines.
 */
export async function seedExclusive(
  db: Database,
  designer: { id: number; nickname: string },
  providerIds: Map<string, number>,
  now: Date,
): Promise<void> {
  const providerId = (name: string) => {
    const id = providerIds.get(name);
    if (id === undefined) throw new Error(`seed: no provider ${name}`);
    return id;
  };

  await db.insert(providerCollections).values(
    [
      ['云裳坊', 200],
      ['墨白高定', 45],
      ['锦绣苏作', 30],
      ['雅集旗袍', 12],
      ['晴川丝绸', 3],
    ].map(([name, days]) => ({
      designerId: designer.id,
      providerId: providerId(name as string),
      createdAt: ago(now, days as number),
    })),
  );

  const applicant = {
    designerId: designer.id,
    realName: '林晓岚',
    idType: 'id_card' as const,
    idNumber: idCardNumber('31010419880612142'),
    phone: '13800000001',
    bankCode: 'CMB',
    bankName: '招商银行',
    bankProvince: '310000',
    bankCity: '310100',
    bankBranch: '上海分行徐汇支行',
    accountName: '林晓岚',
    accountNumber: '6225880212345678',
    statement: '从业十年，专注旗袍与西装定制，希望与贵方长期合作，独家设计新中式系列。',
  };
  const portfolio = (n: number) =>
    Array.from({ length: n }, (_, i) => picture(designer.id, `portfolio-${i + 1}`));
  await db.insert(exclusiveApplications).values([
    {
      ...applicant,
      providerId: providerId('云裳坊'),
      status: 'approved',
      attempt: 1,
      portfolio: portfolio(4),
      submittedAt: ago(now, 210),
      reviewedAt: ago(now, 207),
    },
    {
      ...applicant,
      providerId: providerId('墨白高定'),
      status: 'rejected',
      attempt: 1,
      portfolio: portfolio(2),
      rejectReason: '作品集需包含至少 3 件完整成衣作品',
      submittedAt: ago(now, 40),
      reviewedAt: ago(now, 38),
    },
    {
      ...applicant,
      providerId: providerId('墨白高定'),
      status: 'pending',
      attempt: 2,
      portfolio: portfolio(6),
      submittedAt: ago(now, 2, 90),
    },
    {
      ...applicant,
      providerId: providerId('锦绣苏作'),
      status: 'rejected',
      attempt: 1,
      portfolio: portfolio(3),
      rejectReason: '证件号码与实名信息不一致，请核对后重新提交',
      submittedAt: ago(now, 25),
      reviewedAt: ago(now, 20),
    },
  ]);

  const ids = new Map<string, number>();
  for (const c of DEMO_CONTRACTS) {
    const createdAt = ago(now, c.createdDaysAgo, c.createdMinutesAgo ?? 0);
    let status: number = contractTransitions.auditPass.from;
    let updatedAt = createdAt;
    const events: Array<typeof contractEvents.$inferInsert> = [];
    for (const step of c.steps) {
      const { from, to } = contractTransitions[step.action];
      if (status !== from) throw new Error(`seed: ${c.title}: ${step.action} from ${status}`);
      updatedAt = ago(now, step.daysAgo, step.minutesAgo ?? 0);
      events.push({
        contractId: 0,
        kind: eventOf[step.action],
        actor: 'platform',
        actorName: PLATFORM_ACTOR,
        note: step.note ?? '',
        fromStatus: from,
        toStatus: to,
        createdAt: updatedAt,
      });
      status = to;
    }
    const [next] = (
      (await db.execute(sql`select nextval(pg_get_serial_sequence('contracts', 'id'))::int as id`)) as {
        rows: { id: number }[];
      }
    ).rows;
    const id = Number(next!.id);
    const startDate = addDays(businessDateAtOffset(createdAt), 7);
    await db.insert(contracts).values({
      id,
      designerId: designer.id,
      providerId: providerId(c.provider),
      parentId: c.parent ? ids.get(c.parent)! : null,
      code: `HT${businessDayCompact(createdAt)}${String(id).padStart(6, '0')}`,
      title: c.title,
      type: c.type,
      direction: c.direction,
      amount: c.amountYuan * 100,
      status,
      startDate,
      endDate: addDays(startDate, c.months * 30),
      attachments: c.attachments.map((name, i) => ({
        name,
        url: picture(designer.id, `document-${((id + i) % 3) + 1}`),
      })),
      remark: c.remark ?? '',
      createdAt,
      updatedAt,
    });
    ids.set(c.title, id);
    const by = { actor: 'designer' as const, actorName: designer.nickname, createdAt };
    await db
      .insert(contractEvents)
      .values([
        { contractId: id, kind: 'created', ...by },
        { contractId: id, kind: 'submitted', toStatus: contractTransitions.auditPass.from, ...by },
        ...events.map((event) => ({ ...event, contractId: id })),
      ]);
  }
}
