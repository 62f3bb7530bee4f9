import type { NotificationQuality, NotificationType } from '@dc/contract';
import type { Database } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { createNotification } from '../modules/notifications/index.ts';
import { DAY_MS, MINUTE_MS } from '../time/business-day.ts';

interface SeedMessage {
  /** How long before `now` it arrived: whole days plus minutes. */
  daysAgo: number;
  minutesAgo: number;
  type: NotificationType;
  quality: NotificationQuality;
  content: string;
  read: boolean;
  collected?: boolean;
}

/** demo's inbox: a month of contract, invoice and meeting news, newest first; the latest unread. */
const DEMO_MESSAGES: SeedMessage[] = [
  {
    daysAgo: 0,
    minutesAgo: 25,
    type: 'contract',
    quality: 'high',
    content: '您的合同《2026春季联名合作》已审核通过',
    read: false,
  },
  {
    daysAgo: 0,
    minutesAgo: 190,
    type: 'meeting',
    quality: 'middle',
    content: '会议通知：明天 14:00 春季新品评审会（线上），请提前准备样衣照片',
    read: false,
  },
  {
    daysAgo: 1,
    minutesAgo: 40,
    type: 'invoice',
    quality: 'middle',
    content: '发票已开具：课程分成 ¥12,860.00，电子发票已发送至您的邮箱',
    read: false,
    collected: true,
  },
  {
    daysAgo: 1,
    minutesAgo: 300,
    type: 'contract',
    quality: 'middle',
    content: '用户「小雅」发起定制合同《改良旗袍定制》，备注：“希望领口做低一点，月底前交付”',
    read: false,
  },
  {
    daysAgo: 2,
    minutesAgo: 15,
    type: 'meeting',
    quality: 'low',
    content: '会议通知：合伙人月度例会 周五 10:00，会议室 A302',
    read: false,
  },
  {
    daysAgo: 3,
    minutesAgo: 120,
    type: 'invoice',
    quality: 'high',
    content: '发票被退回：抬头与税号不一致，请修改后重新提交',
    read: false,
  },
  {
    daysAgo: 4,
    minutesAgo: 60,
    type: 'contract',
    quality: 'high',
    content: '合同《秋冬高定系列授权》待您签署，请在 7 日内完成',
    read: false,
    collected: true,
  },
  {
    daysAgo: 5,
    minutesAgo: 200,
    type: 'invoice',
    quality: 'low',
    content: '发票申请已提交：精品《真丝旗袍》销售款 ¥4,580.00，预计 3 个工作日内开具',
    read: true,
  },
  {
    daysAgo: 6,
    minutesAgo: 90,
    type: 'meeting',
    quality: 'middle',
    content: '会议改期：面料供应商沟通会改到下周二 15:00',
    read: true,
  },
  {
    daysAgo: 7,
    minutesAgo: 30,
    type: 'contract',
    quality: 'low',
    content: '合同《旗袍工作坊课程合作》审核未通过：附件缺少盖章页',
    read: true,
  },
  {
    daysAgo: 8,
    minutesAgo: 240,
    type: 'invoice',
    quality: 'middle',
    content: '发票已开具：精品《羊毛西装外套》销售款 ¥8,990.00',
    read: true,
  },
  {
    daysAgo: 9,
    minutesAgo: 10,
    type: 'meeting',
    quality: 'high',
    content: '会议通知：平台设计师大会报名截止在即，请于本周内确认是否出席',
    read: true,
    collected: true,
  },
  {
    daysAgo: 11,
    minutesAgo: 180,
    type: 'contract',
    quality: 'middle',
    content: '合同《品牌联名补充协议》已进入执行阶段',
    read: true,
  },
  {
    daysAgo: 12,
    minutesAgo: 45,
    type: 'invoice',
    quality: 'low',
    content: '发票已开具：短视频打赏结算 ¥1,260.00',
    read: true,
  },
  {
    daysAgo: 13,
    minutesAgo: 330,
    type: 'meeting',
    quality: 'low',
    content: '会议纪要已发布：春季新品评审会，请在会议室查看',
    read: true,
  },
  {
    daysAgo: 15,
    minutesAgo: 70,
    type: 'contract',
    quality: 'high',
    content: '合同《童装打版课程分成》已完成，分成已结算到金库',
    read: true,
  },
  {
    daysAgo: 16,
    minutesAgo: 150,
    type: 'invoice',
    quality: 'high',
    content: '发票已开具：合伙人分红 ¥23,500.00，请注意查收',
    read: true,
    collected: true,
  },
  {
    daysAgo: 18,
    minutesAgo: 20,
    type: 'meeting',
    quality: 'middle',
    content: '会议通知：粉丝见面会筹备讨论 周三 19:30（线上）',
    read: true,
  },
  {
    daysAgo: 20,
    minutesAgo: 260,
    type: 'contract',
    quality: 'low',
    content: '用户「阿杰」留言：“西装肩线想改窄一些”，合同《定制西装订单》已更新',
    read: true,
  },
  {
    daysAgo: 22,
    minutesAgo: 35,
    type: 'invoice',
    quality: 'middle',
    content: '发票申请已提交：婚纱设计进阶课程分成 ¥6,420.00',
    read: true,
  },
  {
    daysAgo: 24,
    minutesAgo: 110,
    type: 'meeting',
    quality: 'high',
    content: '会议通知：品牌方现场验收 下周一 09:30，工作室地址见合同附件',
    read: true,
  },
  {
    daysAgo: 26,
    minutesAgo: 55,
    type: 'contract',
    quality: 'middle',
    content: '您的合同《亚麻衬衫联名款》已审核通过',
    read: true,
    collected: true,
  },
  {
    daysAgo: 28,
    minutesAgo: 140,
    type: 'invoice',
    quality: 'low',
    content: '发票已开具：亚麻衬衫制作课程分成 ¥3,150.00',
    read: true,
  },
  {
    daysAgo: 29,
    minutesAgo: 300,
    type: 'meeting',
    quality: 'low',
    content: '会议通知：月度经营复盘会 周四 16:00',
    read: true,
  },
];

/** newcomer's two welcome messages, unread. */
const NEWCOMER_MESSAGES: SeedMessage[] = [
  {
    daysAgo: 0,
    minutesAgo: 5,
    type: 'contract',
    quality: 'high',
    content: '欢迎入驻设计师平台！请先完善设计师资料，审核通过后即可签署《平台入驻协议》并使用全部功能',
    read: false,
  },
  {
    daysAgo: 0,
    minutesAgo: 4,
    type: 'meeting',
    quality: 'middle',
    content: '会议通知：新设计师入驻说明会每周三 19:00 线上举行，欢迎参加',
    read: false,
  },
];

const at = (now: Date, m: SeedMessage) =>
  new Date(now.getTime() - m.daysAgo * DAY_MS - m.minutesAgo * MINUTE_MS);

/** Deterministic notifications for the demo accounts, relative to `now`. */
export async function seedNotifications(
  db: Database,
  ids: { demo: number; newcomer: number },
  now: Date,
): Promise<void> {
  // A month of history at once: back-dated, partly read and collected.
  await db.insert(notifications).values(
    DEMO_MESSAGES.map((m) => ({
      designerId: ids.demo,
      content: m.content,
      type: m.type,
      quality: m.quality,
      unread: !m.read,
      collected: m.collected ?? false,
      createdAt: at(now, m),
    })),
  );
  // Welcome messages go through the same path as any new notification.
  for (const m of NEWCOMER_MESSAGES) {
    const { content, type, quality } = m;
    await createNotification(db, ids.newcomer, { content, type, quality }, { createdAt: at(now, m) });
  }
}
