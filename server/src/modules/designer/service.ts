import type { DesignerInfo } from '@dc/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';

const infoColumns = {
  id: designers.id,
  nickname: designers.nickname,
  pic: designers.pic,
  phone: designers.phone,
};

type InfoRow = { id: number; nickname: string; pic: string; phone: string | null };
const toInfo = (row: InfoRow): DesignerInfo => ({
  id: row.id,
  nickname: row.nickname,
  pic: row.pic,
  telephone: row.phone ?? '',
});

export async function getDesignerInfo(db: Database, designerId: number): Promise<DesignerInfo> {
  const [row] = await db.select(infoColumns).from(designers).where(eq(designers.id, designerId));
  if (!row) throw notFound();
  return toInfo(row);
}

export async function updateDesignerInfo(
  db: Database,
  designerId: number,
  change: { nickname?: string | undefined; pic?: string | undefined },
): Promise<DesignerInfo> {
  const [row] = await db
    .update(designers)
    .set({
      ...(change.nickname !== undefined ? { nickname: change.nickname } : {}),
      ...(change.pic !== undefined ? { pic: change.pic } : {}),
      updatedAt: new Date(),
    })
    .where(eq(designers.id, designerId))
    .returning(infoColumns);
  if (!row) throw notFound();
  return toInfo(row);
}
