import { type VideoCategoryKey, videoCategoryId } from '@dc/contract';
import type { Database } from '../db/client.ts';
import { images, videos } from '../db/schema/index.ts';
import { DAY_MS } from '../time/business-day.ts';
import { DEMO_COVER_FILES, DEMO_VIDEO_FILE, demoCoverKey, demoVideoKey } from './media/fixtures.ts';
import { seededRandom } from './random.ts';

const VIDEO_SEED = 20240505;

/** demo's short videos: title, category, tags. Newest last. */
const DEMO_VIDEOS: { title: string; category: VideoCategoryKey; tags: string[]; description: string }[] = [
  {
    title: '旗袍量体：12 个关键尺寸',
    category: 'tailoring',
    tags: ['旗袍', '量体'],
    description: '从领围到开衩高度，一次讲清量体顺序和容易出错的地方。',
  },
  {
    title: '真丝面料怎么选：重磅与轻磅',
    category: 'fabric',
    tags: ['真丝', '面料'],
    description: '19 姆米和 22 姆米真丝的垂感、透光与价格对比。',
  },
  {
    title: '盘扣手工制作全过程',
    category: 'sewing',
    tags: ['盘扣', '手工'],
    description: '一字扣、琵琶扣的打结与定型。',
  },
  {
    title: '西装驳头的归拔工艺',
    category: 'tailoring',
    tags: ['西装', '归拔'],
    description: '熨斗归拔让驳头自然翻折的秘诀。',
  },
  {
    title: '春季通勤穿搭三套',
    category: 'styling',
    tags: ['穿搭', '通勤'],
    description: '一件西装外套的三种搭法。',
  },
  {
    title: '工作室的一天',
    category: 'behindScenes',
    tags: ['工作室', 'vlog'],
    description: '从早上接单到晚上交付，跟拍一天。',
  },
  {
    title: '立领旗袍纸样绘制',
    category: 'pattern',
    tags: ['旗袍', '纸样'],
    description: '原型到立领的转换步骤。',
  },
  {
    title: '客户试衣：婚礼旗袍',
    category: 'showcase',
    tags: ['婚礼', '旗袍', '试衣'],
    description: '第二次试衣后的调整记录。',
  },
  {
    title: '2024 秋冬色彩趋势',
    category: 'trend',
    tags: ['趋势', '色彩'],
    description: '焦糖、墨绿与勃艮第红的搭配建议。',
  },
  {
    title: '羊绒大衣的双面呢工艺',
    category: 'fabric',
    tags: ['羊绒', '大衣'],
    description: '双面呢的拆分与手缝边。',
  },
  {
    title: '衬衫领座的缝制要点',
    category: 'sewing',
    tags: ['衬衫', '领子'],
    description: '领座与领面的对位和压线。',
  },
  {
    title: '改良旗袍走秀花絮',
    category: 'showcase',
    tags: ['走秀', '旗袍'],
    description: '上海时装周后台。',
  },
  {
    title: '小个子西装怎么穿',
    category: 'styling',
    tags: ['西装', '小个子'],
    description: '衣长、肩宽和裤长的比例。',
  },
  {
    title: '香云纱的前世今生',
    category: 'fabric',
    tags: ['香云纱', '非遗'],
    description: '探访顺德晒莨场。',
  },
  {
    title: '裙装省道转移练习',
    category: 'pattern',
    tags: ['省道', '纸样'],
    description: '胸省转到领口与腰线。',
  },
  {
    title: '定制西裤的腰头处理',
    category: 'tailoring',
    tags: ['西裤', '腰头'],
    description: '可调节腰头的内部结构。',
  },
  {
    title: '复古旗袍改短教程',
    category: 'sewing',
    tags: ['旗袍', '改衣'],
    description: '改短不改型的下摆处理。',
  },
  {
    title: '夏季亚麻套装发布',
    category: 'showcase',
    tags: ['亚麻', '新品'],
    description: '三个颜色，两种版型。',
  },
];

/**
 * demo's videos over the last year: statistics grow with age, a few are offline. Every file
 * is the same tiny real WebM (3 s), stored under each video's own key when first shown (see
 * media/fixtures.ts), so the sizes and durations on screen are the stored file's own.
 */
export async function seedVideos(db: Database, demoId: number, now: Date): Promise<void> {
  const random = seededRandom(VIDEO_SEED);
  const coverRows = await db
    .insert(images)
    .values(
      DEMO_COVER_FILES.map((cover, index) => ({
        designerId: demoId,
        objectKey: demoCoverKey(demoId, index),
        fileName: cover.fileName,
        fileSize: cover.size,
        mimeType: 'image/jpeg',
        createdAt: new Date(now.getTime() - 360 * DAY_MS),
      })),
    )
    .returning({ objectKey: images.objectKey });
  const count = DEMO_VIDEOS.length;
  await db.insert(videos).values(
    DEMO_VIDEOS.map((video, index) => {
      const daysAgo = Math.round(((count - index) / count) * 350) - random.int(0, 5);
      const createdAt = new Date(now.getTime() - daysAgo * DAY_MS - random.int(0, 8 * 3600) * 1000);
      const views = Math.round(
        (200 + random.int(0, 900)) * (1 + daysAgo / 40) * (random.chance(0.2) ? 6 : 1),
      );
      const likes = Math.round(views * (0.03 + random.next() * 0.05));
      return {
        designerId: demoId,
        title: video.title,
        description: video.description,
        categoryId: videoCategoryId(video.category),
        tags: video.tags,
        objectKey: demoVideoKey(demoId, index),
        fileName: `${video.title.replace(/[\s：:]+/g, '-')}.webm`,
        fileSize: DEMO_VIDEO_FILE.size,
        mimeType: 'video/webm',
        durationSeconds: DEMO_VIDEO_FILE.durationSeconds,
        coverObjectKey: coverRows[index % coverRows.length]!.objectKey,
        status: index === 3 || index === 11 ? 'offline' : 'published',
        views,
        likes,
        comments: Math.round(likes * (0.05 + random.next() * 0.15)),
        publishedAt: new Date(createdAt.getTime() + 10 * 60_000),
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}
