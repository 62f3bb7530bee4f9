import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client.ts';
import { designers } from '../../server/src/db/schema/index.ts';
import { hashPassword } from '../../server/src/modules/auth/passwords.ts';
import { HEAVY_ACCOUNT, HEAVY_PASSWORD } from './volumes.ts';

/**
 * The heavy designer (`heavy`, who holds the large data) and `count` ordinary designers
 * `bench_0001`… (same password; one hash, since scrypt per row would dominate the run).
 * Answers the heavy designer's id.
 */
export async function insertDesigners(db: Database, count: number, now: Date): Promise<number> {
  const passwordHash = await hashPassword(HEAVY_PASSWORD);
  const [heavy] = await db
    .insert(designers)
    .values({
      account: HEAVY_ACCOUNT,
      phone: '13900000000',
      passwordHash,
      nickname: '百万粉丝设计师',
      description: '基准测试账号：一百万粉丝、五百万条流水。',
      status: 'active',
      newlyRegister: false,
      createdAt: new Date(now.getTime() - 800 * 86_400_000),
    })
    .returning({ id: designers.id });
  await db.execute(sql`
    insert into designers (account, phone, password_hash, nickname, description, status, newly_register, created_at)
    select 'bench_' || lpad(g::text, 4, '0'), '139' || lpad(g::text, 8, '0'), ${passwordHash},
           '设计师 ' || g, '基准测试的普通设计师', 'active', false,
           ${now.toISOString()}::timestamptz - make_interval(days => g % 700)
    from generate_series(1, ${count}) as g`);
  return heavy!.id;
}
