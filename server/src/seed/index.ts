import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { designers } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { seedAddresses } from './addresses.ts';
import { seedExclusive, seedProviders } from './exclusive.ts';
import { seedMembers } from './members.ts';
import { seedNotifications } from './notifications.ts';
import { seedPartners } from './partners.ts';
import { seedProfile } from './profile.ts';
import { seededRandom } from './random.ts';
import { demoLedger, insertInChunks } from './vault.ts';

export const DEMO_PASSWORD = 'demo123456';
const DEMO_SEED = 20151001;

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
  const random = seededRandom(DEMO_SEED);
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
    const ledger = demoLedger(demo!.id, now, random);
    await insertInChunks(tx, ledger);
    await seedNotifications(tx, { demo: demo!.id, newcomer: newcomer!.id }, now);
    await seedMembers(tx, demo!.id, now);
    // Basic information (issue 4 items 5, 7, 8, 9): own random streams, the figures above unchanged.
    await seedProfile(tx, demo!.id, now);
    const providerIds = await seedProviders(tx, now);
    await seedExclusive(tx, { id: demo!.id, nickname: '林设计师' }, providerIds, now);
    await seedPartners(tx, demo!.id, now, ledger);
    await seedAddresses(tx, demo!.id, now);
  });
  return true;
}
