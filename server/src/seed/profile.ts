import type { Database } from '../db/client.ts';
import { designerProfiles } from '../db/schema/index.ts';
import { DAY_MS } from '../time/business-day.ts';
import { picture } from './pictures.ts';

/**
 * demo's profile: everything but the avatar (the account's `pic` stays as the accounts seed
 * left it), so the completeness shows 88 % with `avatar` missing. newcomer has none yet.
 */
export async function seedProfile(db: Database, demoId: number, now: Date): Promise<void> {
  await db.insert(designerProfiles).values({
    designerId: demoId,
    realName: '林晓岚',
    gender: 'female',
    cityCode: '310100',
    styles: ['旗袍', '西装定制', '新中式', '高级定制'],
    yearsOfExperience: 10,
    portfolio: Array.from({ length: 6 }, (_, i) => picture(demoId, `portfolio-${i + 1}`)),
    updatedAt: new Date(now.getTime() - 30 * DAY_MS),
  });
}
