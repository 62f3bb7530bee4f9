import { type DynamicKind, dividendAmount } from '@dc/contract';
import type { Database } from '../db/client.ts';
import { partnerCompanies, partnerDividends, partnerDynamics } from '../db/schema/index.ts';
import { toWireDateTime } from '../http/wire-time.ts';
import { businessDayStart, DAY_MS, HOUR_MS, MINUTE_MS } from '../time/business-day.ts';
import { picture } from './pictures.ts';
import { seededRandom } from './random.ts';

const PARTNER_SEED = 20151002;

/** demo's partner companies; `weight` scales each one's monthly revenue (of 10). */
const COMPANIES = [
  {
    name: '云裳坊服饰有限公司',
    industry: '女装',
    shareRatio: 1200,
    joinedDaysAgo: 700,
    weight: 5,
    description: '新中式女装品牌运营公司，林设计师以设计入股。',
  },
  {
    name: '素织家居用品有限公司',
    industry: '家纺',
    shareRatio: 800,
    joinedDaysAgo: 500,
    weight: 3,
    description: '亚麻家居与家纺，线上线下门店 30 家。',
  },
  {
    name: '锦绣苏作文化发展有限公司',
    industry: '文化创意',
    shareRatio: 1500,
    joinedDaysAgo: 420,
    weight: 2,
    description: '苏绣非遗文创与研学课程。',
  },
] as const;

const DYNAMICS: Array<{
  company: number;
  kind: DynamicKind;
  title: string;
  content: string;
  daysAgo: number;
}> = [
  {
    company: 0,
    kind: 'news',
    title: '云裳坊春季新品发布会圆满落幕',
    content: '本次发布会共展出 42 套新中式成衣，其中 12 套出自林设计师之手。',
    daysAgo: 2,
  },
  {
    company: 1,
    kind: 'announcement',
    title: '素织家居 2 月分红已核算',
    content: '2 月经营数据已完成核算，分红将于本月 15 日发放至合伙人金库。',
    daysAgo: 5,
  },
  {
    company: 2,
    kind: 'milestone',
    title: '锦绣苏作研学课程突破 1 万人次',
    content: '自开课以来，苏绣研学课程累计接待学员 10,000 人次。',
    daysAgo: 9,
  },
  {
    company: 0,
    kind: 'announcement',
    title: '合伙人季度会议通知',
    content: '第一季度合伙人会议将于下月初在杭州总部召开，请提前确认行程。',
    daysAgo: 13,
  },
  {
    company: 1,
    kind: 'news',
    title: '素织家居入驻上海新天地',
    content: '品牌首家城市旗舰店在新天地开业，首周销售额超过 60 万元。',
    daysAgo: 18,
  },
  {
    company: 2,
    kind: 'news',
    title: '苏绣团扇系列获设计大奖',
    content: '由合伙人团队设计的苏绣团扇系列获得年度文创设计金奖。',
    daysAgo: 24,
  },
  {
    company: 0,
    kind: 'milestone',
    title: '云裳坊年销售额突破 1 亿元',
    content: '感谢每一位合伙人的付出，公司全年销售额首次突破 1 亿元。',
    daysAgo: 31,
  },
  {
    company: 1,
    kind: 'announcement',
    title: '分红比例调整说明',
    content: '自下一周期起，分红按季度复核比例，具体以合伙协议为准。',
    daysAgo: 38,
  },
  {
    company: 2,
    kind: 'news',
    title: '与苏州博物馆联名款上线',
    content: '联名刺绣丝巾限量 2000 条，上线 3 日售罄。',
    daysAgo: 45,
  },
  {
    company: 0,
    kind: 'news',
    title: '旗袍定制线上预约开放',
    content: '线上预约量体服务覆盖全国 20 个城市。',
    daysAgo: 53,
  },
  {
    company: 1,
    kind: 'milestone',
    title: '素织会员突破 50 万',
    content: '品牌会员数突破 50 万，复购率 38%。',
    daysAgo: 62,
  },
  {
    company: 2,
    kind: 'announcement',
    title: '年度股东大会决议公告',
    content: '股东大会审议通过年度利润分配方案。',
    daysAgo: 70,
  },
  {
    company: 0,
    kind: 'announcement',
    title: '春节期间发货安排',
    content: '春节期间仓库暂停发货，节后第三个工作日恢复。',
    daysAgo: 81,
  },
  {
    company: 1,
    kind: 'news',
    title: '亚麻面料新工艺量产',
    content: '低皱亚麻面料新工艺进入量产，成本下降 12%。',
    daysAgo: 92,
  },
  {
    company: 2,
    kind: 'news',
    title: '苏绣大师工作坊开班',
    content: '第三期大师工作坊开班，学员来自 11 个省市。',
    daysAgo: 104,
  },
  {
    company: 0,
    kind: 'news',
    title: '云裳坊入选省级老字号创新案例',
    content: '品牌以新中式改良入选本年度老字号创新案例。',
    daysAgo: 117,
  },
  {
    company: 1,
    kind: 'announcement',
    title: '合伙人权益手册更新',
    content: '新版权益手册已发布，新增年度体检与培训基金。',
    daysAgo: 131,
  },
  {
    company: 2,
    kind: 'milestone',
    title: '海外首展亮相米兰',
    content: '苏绣系列在米兰设计周展出，获欧洲买手关注。',
    daysAgo: 146,
  },
  {
    company: 0,
    kind: 'news',
    title: '秋冬系列订货会订单创新高',
    content: '订货会现场订单同比增长 46%。',
    daysAgo: 160,
  },
  {
    company: 1,
    kind: 'news',
    title: '素织家居完成 A 轮融资',
    content: '本轮融资将用于门店扩张与供应链建设。',
    daysAgo: 175,
  },
];

/** `YYYY-MM` plus `months`. */
function addMonths(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A period's dividend is paid on the 15th of the month after it, at 10:00 Asia/Shanghai. */
export function dividendPayTime(period: string): Date {
  return new Date(businessDayStart(`${addMonths(period, 1)}-15`).getTime() + 10 * HOUR_MS);
}

/**
 * demo's partner companies, 12 months of dividends each and their news. The dividend of month P
 * is paid on the 15th of month P+1 (`dividendPayTime`); a period whose payday has not come is
 * pending. The vault ledger's partner dividends are made from the paid rows (seed/vault-sources.ts).
 */
export async function seedPartners(db: Database, demoId: number, now: Date): Promise<void> {
  const random = seededRandom(PARTNER_SEED);
  const joined = (daysAgo: number) => toWireDateTime(new Date(now.getTime() - daysAgo * DAY_MS)).slice(0, 10);
  const companies = await db
    .insert(partnerCompanies)
    .values(
      COMPANIES.map((c, i) => ({
        designerId: demoId,
        name: c.name,
        logo: picture(demoId, `partner-${i + 1}`),
        industry: c.industry,
        shareRatio: c.shareRatio,
        joinedAt: joined(c.joinedDaysAgo),
        status: 'active' as const,
        description: c.description,
        createdAt: new Date(now.getTime() - c.joinedDaysAgo * DAY_MS),
      })),
    )
    .returning({ id: partnerCompanies.id });

  const currentMonth = toWireDateTime(now).slice(0, 7);
  const dividends: Array<typeof partnerDividends.$inferInsert> = [];
  for (let back = 12; back >= 1; back--) {
    const period = addMonths(currentMonth, -back);
    const payTime = dividendPayTime(period);
    const paid = payTime.getTime() <= now.getTime();
    COMPANIES.forEach((company, i) => {
      // The company's revenue of the month scales with its weight in demo's partnerships.
      const revenue = random.int(3_000, 12_000) * company.weight * 100;
      dividends.push({
        designerId: demoId,
        companyId: companies[i]!.id,
        period,
        revenue,
        ratio: company.shareRatio,
        amount: dividendAmount(revenue, company.shareRatio),
        state: paid ? 'paid' : 'pending',
        paidAt: paid ? payTime : null,
      });
    });
  }
  await db.insert(partnerDividends).values(dividends);

  await db.insert(partnerDynamics).values(
    DYNAMICS.map((d, i) => ({
      designerId: demoId,
      companyId: companies[d.company]!.id,
      kind: d.kind,
      title: d.title,
      content: d.content,
      cover: i % 3 === 0 ? picture(demoId, `news-${(i % 4) + 1}`) : '',
      publishedAt: new Date(now.getTime() - d.daysAgo * DAY_MS - (i * 37 + 15) * MINUTE_MS),
    })),
  );
}
