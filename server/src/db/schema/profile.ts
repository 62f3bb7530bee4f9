import { integer, jsonb, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { designers } from './accounts.ts';

export const genderValues = ['male', 'female'] as const;

/**
 * The designer profile (设计师信息), one row per designer once saved. Nickname, avatar (`pic`)
 * and description stay on `designers`, where the account calls change them too.
 */
export const designerProfiles = pgTable('designer_profiles', {
  designerId: integer('designer_id')
    .primaryKey()
    .references(() => designers.id, { onDelete: 'cascade' }),
  realName: varchar('real_name', { length: 32 }).notNull().default(''),
  gender: varchar('gender', { length: 8, enum: genderValues }),
  /** A city code of the shipped region list. */
  cityCode: varchar('city_code', { length: 6 }),
  styles: jsonb('styles').$type<string[]>().notNull().default([]),
  yearsOfExperience: smallint('years_of_experience'),
  /** Image URLs. */
  portfolio: jsonb('portfolio').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
