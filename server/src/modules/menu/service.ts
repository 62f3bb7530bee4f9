import type { MenuRoute } from '@dc/contract';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { designers } from '../../db/schema/index.ts';
import { notFound } from '../../http/api-error.ts';
import { fullMenu, newcomerMenu } from './tree.ts';

/** The one query of the menu, prepared once per database handle (issue 10: per-request cost). */
const prepareNewcomerLookup = (db: Database) =>
  db
    .select({ newlyRegister: designers.newlyRegister })
    .from(designers)
    .where(eq(designers.id, sql.placeholder('designerId')))
    .prepare('dc_menu_newcomer');
const lookups = new WeakMap<Database, ReturnType<typeof prepareNewcomerLookup>>();

/** The session designer's route tree: the one-item menu until the designer information is complete. */
export async function menuFor(db: Database, designerId: number): Promise<MenuRoute[]> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareNewcomerLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ designerId });
  if (!row) throw notFound();
  return row.newlyRegister ? newcomerMenu : fullMenu;
}
