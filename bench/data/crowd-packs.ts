import type { RuleGroup } from '@dc/contract';
import type { Database } from '../../server/src/db/client.ts';
import { crowdPacks } from '../../server/src/db/schema/index.ts';
import { materialise } from '../../server/src/modules/crowd-packs/compute.ts';
import { FAN_CITIES } from '../../server/src/seed/fans.ts';

/** Names of the three packs the combination scenario combines: (A or B) and not C. */
export const COMBINATION_PACKS = ['bench-combo-A', 'bench-combo-B', 'bench-combo-C'] as const;

const COMBINATION_RULES: RuleGroup[] = [
  {
    type: 'group',
    op: 'and',
    children: [{ type: 'condition', field: 'gender', op: 'in', values: ['female'] }],
  },
  {
    type: 'group',
    op: 'and',
    children: [{ type: 'condition', field: 'lastActiveAt', op: 'withinDays', days: 60 }],
  },
  {
    type: 'group',
    op: 'and',
    children: [{ type: 'condition', field: 'totalSpent', op: 'between', min: 10_000, max: null }],
  },
];

/** A narrow pack: one city and a ten-year age band (about 1% of the fans). */
const narrowRule = (n: number): RuleGroup => {
  const city = FAN_CITIES[n % FAN_CITIES.length]!;
  const minAge = 18 + (n % 4) * 10;
  return {
    type: 'group',
    op: 'and',
    children: [
      { type: 'condition', field: 'city', op: 'in', values: [city] },
      { type: 'condition', field: 'age', op: 'between', min: minAge, max: minAge + 9 },
    ],
  };
};

/**
 * `count` rule packs of the heavy designer (refreshed manually, so the server's daily scheduler
 * leaves them alone during a run), each materialised by the crowd-pack module's own function
 * (without its time limit: the generator runs on a busy machine):
 * the three combination packs, then narrow ones.
 */
export async function insertCrowdPacks(
  db: Database,
  options: { designerId: number; count: number; now: Date },
): Promise<void> {
  const { designerId, now } = options;
  for (let n = 0; n < options.count; n++) {
    const combined = n < COMBINATION_PACKS.length;
    const [pack] = await db
      .insert(crowdPacks)
      .values({
        designerId,
        name: combined ? COMBINATION_PACKS[n]! : `bench-narrow-${n}`,
        kind: 'rule',
        definition: combined ? COMBINATION_RULES[n]! : narrowRule(n),
        refreshMode: 'manual',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await db.transaction((tx) => materialise(tx, pack!, now, 0).then(() => undefined));
  }
}
