import { recruitmentChannels } from '@dc/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  fans,
  recruitmentAutoTags,
  recruitmentChannelStats,
  recruitmentSettings,
  tags,
} from '../db/schema/index.ts';
import { picture } from './pictures.ts';
import { seededRandom } from './random.ts';

const RECRUIT_SEED = 20240707;
/** The demo's public page: a fixed slug, so the README and screenshots can point at it. */
export const DEMO_RECRUIT_SLUG = 'LinStudio2024';
/** Share of the recruited fans per channel (poster, link, video, course). */
const CHANNEL_WEIGHTS = [0.42, 0.28, 0.2, 0.1];

/**
 * demo's recruitment page (issue 7 item 7): on, with a welcome, a benefit, a cover and two auto
 * tags. The follows per channel add up to the fans whose source is recruitment; the visits are
 * a deterministic multiple of them (about 4 to 9 visits per follow).
 */
export async function seedRecruitment(db: Database, designerId: number, now: Date): Promise<void> {
  const random = seededRandom(RECRUIT_SEED);
  await db.insert(recruitmentSettings).values({
    designerId,
    slug: DEMO_RECRUIT_SLUG,
    enabled: true,
    welcome: '你好，我是林设计师。十年旗袍与西装定制，欢迎关注我的工作室。',
    benefit: '关注即享首次量体免费，新品上架第一时间通知你。',
    coverUrl: picture(designerId, 'recruit-cover'),
    updatedAt: now,
  });
  const autoTags = await db
    .select({ id: tags.id })
    .from(tags)
    .where(eq(tags.designerId, designerId))
    .orderBy(asc(tags.id))
    .limit(2);
  if (autoTags.length > 0) {
    await db.insert(recruitmentAutoTags).values(autoTags.map((tag) => ({ designerId, tagId: tag.id })));
  }
  const recruited = await db.$count(
    fans,
    and(eq(fans.designerId, designerId), eq(fans.source, 'recruitment')),
  );
  let left = recruited;
  const rows = recruitmentChannels.map((channel, index) => {
    const follows =
      index === recruitmentChannels.length - 1 ? left : Math.round(recruited * CHANNEL_WEIGHTS[index]!);
    left -= follows;
    return { designerId, channel, follows, visits: follows * random.int(4, 9) + random.int(0, 50) };
  });
  await db.insert(recruitmentChannelStats).values(rows);
}
