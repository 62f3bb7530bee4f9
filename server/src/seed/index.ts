import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { designers } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { seedAddresses } from './addresses.ts';
import { seedAnalytics } from './analytics.ts';
import { seedBoutique } from './boutique.ts';
import { seedCourses } from './courses.ts';
import { seedCrowdPacks } from './crowd-packs.ts';
import { seedExclusive, seedProviders } from './exclusive.ts';
import { seedFans } from './fans.ts';
import { seedImpressions } from './impressions.ts';
import { seedLooks } from './looks.ts';
import { seedMembers } from './members.ts';
import { seedNotifications } from './notifications.ts';
import { seedPartners } from './partners.ts';
import { seedPictures } from './pictures.ts';
import { seedProfile } from './profile.ts';
import { seedRecruitment } from './recruitment.ts';
import { seedTags } from './tags.ts';
import { demoLedger, insertInChunks } from './vault.ts';
import { seedVideos } from './videos.ts';

export const DEMO_PASSWORD = 'demo123456';

/**
 * Demo data for trying the product (SEED=demo): `demo`, an established designer with a year
 * of data, and `newcomer`, just registered. Runs once: a database that has `demo` is left alone.
 */
export async function seedDemo(db: Database, now = new Date()): Promise<boolean> {
  const [existing] = await db
    .select({ id: designers.id })
    .from(designers)
    .where(eq(designers.account, 'demo'));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(designers)
      .values({
        account: 'demo',
        phone: '13800000001',
        passwordHash,
        nickname: '林设计师',
        description: '十年旗袍与西装定制经验。',
        status: 'active',
        newlyRegister: false,
      })
      .returning({ id: designers.id });
    const [newcomer] = await tx
      .insert(designers)
      .values({
        account: 'newcomer',
        phone: '13800000002',
        passwordHash,
        nickname: '新设计师',
        status: 'active',
        newlyRegister: true,
      })
      .returning({ id: designers.id });
    await seedNotifications(tx, { demo: demo!.id, newcomer: newcomer!.id }, now);
    await seedMembers(tx, demo!.id, now);
    await seedPictures(tx, demo!.id, now);
    // Basic information (issue 4 items 5, 7, 8, 9): each area draws from its own random stream.
    await seedProfile(tx, demo!.id, now);
    const providerIds = await seedProviders(tx, now);
    await seedExclusive(tx, { id: demo!.id, nickname: '林设计师' }, providerIds, now);
    await seedPartners(tx, demo!.id, now);
    await seedAddresses(tx, demo!.id, now);
    await seedFans(tx, demo!.id, now, await seedTags(tx, demo!.id, now));
    await seedVideos(tx, demo!.id, now);
    await seedCourses(tx, demo!.id, now);
    await seedBoutique(tx, demo!.id, now);
    // After the orders and purchases: the packs' rules read the fans' spend and order figures.
    await seedCrowdPacks(tx, demo!.id, now);
    await seedImpressions(tx, demo!.id, now);
    await seedRecruitment(tx, demo!.id, now);
    await seedLooks(tx, demo!.id, now);
    await seedAnalytics(tx, demo!.id, now);
    // Last: the vault ledger is made from the purchases, orders, plays and dividends above (issue 6).
    await insertInChunks(tx, await demoLedger(tx, demo!.id, now));
  });
  return true;
}
