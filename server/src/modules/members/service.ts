import type { ListPage, MemberItem } from '@dc/contract';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { pageRows, totalPagesOf } from '../../http/list-page.ts';
import { toWireDateTime } from '../../http/wire-time.ts';
import { recordAuditEvent } from '../audit/index.ts';

type Row = typeof members.$inferSelect;

const toWire = (row: Row): MemberItem => ({
  id: row.id,
  nickname: row.nickname,
  avatar: row.avatar,
  phone: row.phoneMasked,
  boundAt: toWireDateTime(row.boundAt),
});

/** The platform users bound to the designer, newest binding first unless `order=asc`. */
export async function listMembers(
  db: Database,
  designerId: number,
  query: { page: number; pageSize: number; order: 'asc' | 'desc' },
): Promise<ListPage<MemberItem>> {
  const where = eq(members.designerId, designerId);
  const [total] = await db.select({ n: count() }).from(members).where(where);
  const totalNumber = total?.n ?? 0;
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await pageRows(totalNumber, query, () =>
    db.select().from(members).where(where).orderBy(direction(members.boundAt), direction(members.id)),
  );
  return { dataList: rows.map(toWire), totalNumber, totalPages: totalPagesOf(totalNumber, query.pageSize) };
}

/** Unbinds one of the designer's own members; another designer's (or an unknown) id is 40400. */
export async function unbindMember(db: Database, designerId: number, memberId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(members)
      .where(and(eq(members.id, memberId), eq(members.designerId, designerId)))
      .returning({ id: members.id, nickname: members.nickname });
    if (!removed[0]) throw notFound();
    await recordAuditEvent(tx, {
      designerId,
      action: 'member-unbind',
      targetType: 'member',
      targetId: memberId,
      summary: `Member "${removed[0].nickname}" unbound`,
      at: new Date(),
    });
  });
}
