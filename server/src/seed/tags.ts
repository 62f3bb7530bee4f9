import type { Database } from '../db/client.ts';
import { tagClassifications, tags } from '../db/schema/index.ts';
import { DAY_MS } from '../time/business-day.ts';

/** demo's 30 tags in 5 classifications (issue 7 "the seed gives demo … 30 tags in 5 classifications"). */
const DEMO_TAGS: Array<{
  classification: string;
  color: string;
  tags: Array<[name: string, description: string]>;
}> = [
  {
    classification: '风格偏好',
    color: '#593BFF',
    tags: [
      ['新中式', '喜欢盘扣、立领等中式元素'],
      ['旗袍控', '多次购买或收藏旗袍'],
      ['极简通勤', '偏爱素色、利落剪裁'],
      ['复古', '喜欢复古面料和版型'],
      ['法式浪漫', '碎花、泡泡袖、方领'],
      ['街头潮流', '宽松廓形、撞色'],
    ],
  },
  {
    classification: '身材特征',
    color: '#13C2C2',
    tags: [
      ['梨形身材', '臀围明显大于胸围'],
      ['苹果形身材', '腰腹较丰满'],
      ['沙漏身材', '胸臀相当、腰细'],
      ['高个子', '身高 172 cm 以上'],
      ['娇小', '身高 158 cm 以下'],
      ['宽肩', '肩宽偏大，需调整版型'],
    ],
  },
  {
    classification: '消费层级',
    color: '#FA8C16',
    tags: [
      ['高价值', '累计消费较高'],
      ['复购客户', '下单两次以上'],
      ['价格敏感', '常在活动期下单'],
      ['首单客户', '只下过一单'],
      ['定制客户', '下过量身定制订单'],
      ['沉睡客户', '半年以上未下单'],
    ],
  },
  {
    classification: '兴趣场景',
    color: '#52C41A',
    tags: [
      ['婚礼礼服', '为婚礼或宴会置装'],
      ['职场正装', '需要西装、套装'],
      ['日常休闲', '日常穿搭为主'],
      ['旅行度假', '关注度假风单品'],
      ['面料爱好者', '关注真丝、亚麻、羊绒'],
      ['课程学员', '购买过设计师课程'],
    ],
  },
  {
    classification: '互动特征',
    color: '#EB2F96',
    tags: [
      ['活跃粉丝', '近 30 天有互动'],
      ['视频常客', '经常观看短视频'],
      ['直播常客', '常来直播间'],
      ['意见领袖', '评论常被点赞'],
      ['新关注', '近 30 天关注'],
      ['需回访', '咨询后未下单'],
    ],
  },
];

/** Creates demo's classifications and tags; answers the 30 tag ids in a fixed order. */
export async function seedTags(db: Database, designerId: number, now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const [index, group] of DEMO_TAGS.entries()) {
    const created = new Date(now.getTime() - (400 - index) * DAY_MS);
    const [classification] = await db
      .insert(tagClassifications)
      .values({ designerId, name: group.classification, createdAt: created, updatedAt: created })
      .returning({ id: tagClassifications.id });
    const rows = await db
      .insert(tags)
      .values(
        group.tags.map(([name, description]) => ({
          designerId,
          classificationId: classification!.id,
          name,
          color: group.color,
          description,
          createdAt: created,
          updatedAt: created,
        })),
      )
      .returning({ id: tags.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
