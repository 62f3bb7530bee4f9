import type { Database } from '../db/client.ts';
import { members, wechatBindings } from '../db/schema/index.ts';
import { DAY_MS, MINUTE_MS } from '../time/business-day.ts';

/** The openid bound to `demo` (built-in provider namespace; no phone produces it by scanning). */
export const DEMO_OPENID = 'builtin_demo_0000000000000000000000000000000';

/** demo's members: platform users bound over the past year (masked phones, no avatars). */
const DEMO_MEMBERS: Array<{ nickname: string; phone: string; daysAgo: number; minutesAgo: number }> = [
  { nickname: '小雅', phone: '138****2046', daysAgo: 2, minutesAgo: 35 },
  { nickname: '阿杰', phone: '139****7781', daysAgo: 9, minutesAgo: 120 },
  { nickname: '林晓', phone: '186****0315', daysAgo: 17, minutesAgo: 8 },
  { nickname: '周末去裁缝店', phone: '137****5520', daysAgo: 31, minutesAgo: 250 },
  { nickname: 'Mia', phone: '158****9043', daysAgo: 44, minutesAgo: 61 },
  { nickname: '旗袍控', phone: '152****3387', daysAgo: 58, minutesAgo: 14 },
  { nickname: '陈先生', phone: '135****6612', daysAgo: 73, minutesAgo: 190 },
  { nickname: '一颗纽扣', phone: '177****4409', daysAgo: 96, minutesAgo: 47 },
  { nickname: '王女士', phone: '188****1276', daysAgo: 130, minutesAgo: 300 },
  { nickname: 'Leo', phone: '150****8851', daysAgo: 171, minutesAgo: 22 },
  { nickname: '布料收藏家', phone: '136****0098', daysAgo: 238, minutesAgo: 75 },
  { nickname: '苏苏', phone: '189****3720', daysAgo: 322, minutesAgo: 160 },
];

/** demo's members and WeChat binding, relative to `now`; newcomer gets none. */
export async function seedMembers(db: Database, demoId: number, now: Date): Promise<void> {
  await db.insert(members).values(
    DEMO_MEMBERS.map((m) => ({
      designerId: demoId,
      nickname: m.nickname,
      avatar: '',
      phoneMasked: m.phone,
      boundAt: new Date(now.getTime() - m.daysAgo * DAY_MS - m.minutesAgo * MINUTE_MS),
    })),
  );
  await db.insert(wechatBindings).values({
    designerId: demoId,
    provider: 'builtin',
    openid: DEMO_OPENID,
    boundAt: new Date(now.getTime() - 200 * DAY_MS),
  });
}
