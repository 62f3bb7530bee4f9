import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

/** Platform users bound to a designer (self information › members); unbinding deletes the row. */
export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    designerId: integer('designer_id')
      .notNull()
      .references(() => designers.id, { onDelete: 'cascade' }),
    nickname: varchar('nickname', { length: 32 }).notNull(),
    avatar: varchar('avatar', { length: 1024 }).notNull().default(''),
    /** Stored masked (`138****0001`): the console never needs the full number. */
    phoneMasked: varchar('phone_masked', { length: 20 }).notNull(),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('members_designer_bound_idx').on(t.designerId, t.boundAt.desc())],
);
