import type { MenuRoute } from '@dc/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { fullMenu, newcomerMenu } from './tree.ts';

/** The session designer's route tree: the one-item menu until the designer information is complete. */
export async function menuFor(db: Database, designerId: number): Promise<MenuRoute[]> {
  const [row] = await db
    .select({ newlyRegister: designers.newlyRegister })
    .from(designers)
    .where(eq(designers.id, designerId));
  if (!row) throw notFound();
  return row.newlyRegister ? newcomerMenu : fullMenu;
}
