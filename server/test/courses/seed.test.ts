import type { CourseDetail, CourseItem, FanOrderPage, ListPage, UserCourseItem } from '@dc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/seed/index.ts';
import { loginAs, queryRows } from '../support/test-app.ts';
import { type AccountsApp, call, createAccountsApp, dataOf, type Session } from './support.ts';

let t: AccountsApp;
let demo: Session;
beforeAll(async () => {
  t = await createAccountsApp();
  expect(await seedDemo(t.db, t.clock.now())).toBe(true);
  demo = { id: 0, token: await loginAs(t.app, 'demo', DEMO_PASSWORD) };
  // A whole demo seed takes over a minute on a busy machine (as in seed.test.ts).
}, 300_000);
afterAll(() => t?.close());

describe('issue 5 item 6: demo courses seed', () => {
  it('has courses on sale, one draft and one off shelf, with lessons and buyers', async () => {
    const page = dataOf<ListPage<CourseItem>>(await call(t, 'GET', '/courses?pageSize=50', demo));
    const byStatus = (status: string) => page.dataList.filter((c) => c.status === status);
    expect(byStatus('on_sale').length).toBeGreaterThanOrEqual(3);
    expect(byStatus('draft')).toHaveLength(1);
    expect(byStatus('off_shelf')).toHaveLength(1);
    for (const course of page.dataList) expect(course.lessonCount).toBeGreaterThan(0);
    for (const course of byStatus('on_sale')) {
      expect(course.students).toBeGreaterThan(10);
      expect(course.revenue).toBeGreaterThan(0);
      expect(course.rating).not.toBeNull();
    }
    expect(byStatus('draft')[0]!.students).toBe(0);
  });

  it('user courses show purchases over the past year with progress between 0 and all lessons', async () => {
    const page = dataOf<ListPage<UserCourseItem>>(await call(t, 'GET', '/user-courses?pageSize=100', demo));
    expect(page.totalNumber).toBeGreaterThan(200);
    const progress = page.dataList.map((r) => r.lessonsCompleted / r.lessonCount);
    expect(progress.some((p) => p === 0)).toBe(true);
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);
    for (const row of page.dataList) expect(row.lessonsCompleted).toBeLessThanOrEqual(row.lessonCount);
  });

  it('a course on sale puts on sale again after an edit that keeps its lessons (videos are published)', async () => {
    const page = dataOf<ListPage<CourseItem>>(await call(t, 'GET', '/courses?status=on_sale', demo));
    const detail = dataOf<CourseDetail>(await call(t, 'GET', `/courses/${page.dataList[0]!.id}`, demo));
    for (const lesson of detail.chapters.flatMap((c) => c.lessons)) {
      if (lesson.kind === 'video') expect(lesson.videoStatus).toBe('published');
    }
  });
});

describe('demo course buyers are demo fans (issue 8 item 1: bought a course)', () => {
  it('every buyer is one fan of demo, source course, whose traded goods list their purchases', async () => {
    const users = dataOf<ListPage<UserCourseItem>>(await call(t, 'GET', '/user-courses?pageSize=100', demo));
    const buyer = users.dataList[0]!.buyer;
    const rows = await queryRows<{ id: number; source: string; purchases: number }>(
      t.db,
      sql`select f.id, f.source,
                 (select count(*)::int from course_purchases cp join courses c on c.id = cp.course_id
                  where cp.buyer_id = f.platform_user_id and c.designer_id = f.designer_id) as purchases
          from fans f join designers d on d.id = f.designer_id
          where d.account = 'demo' and f.platform_user_id = ${buyer.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('course');
    const [unlinked] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct cp.buyer_id)::int as n
          from course_purchases cp join courses c on c.id = cp.course_id join designers d on d.id = c.designer_id
          where d.account = 'demo'
            and not exists (select 1 from fans f where f.designer_id = d.id and f.platform_user_id = cp.buyer_id)`,
    );
    expect(unlinked!.n).toBe(0);
    const traded = dataOf<FanOrderPage>(
      await call(t, 'GET', `/fans/${rows[0]!.id}/orders?kind=course`, demo),
    );
    expect(traded.counts.course).toBe(rows[0]!.purchases);
    expect(traded.totalNumber).toBe(rows[0]!.purchases);
    expect(traded.dataList.length).toBeGreaterThan(0);
    // The fan's "bought a course" condition matches them.
    const count = dataOf<{ total: number }>(
      await call(t, 'POST', '/crowd-packs/count', demo, {
        kind: 'rule',
        rule: {
          type: 'group',
          op: 'and',
          children: [
            { type: 'condition', field: 'coursePurchase', op: 'withinDays', days: 3650, courseIds: [] },
          ],
        },
      }),
    );
    const buyers = await distinctBuyers();
    expect(buyers).toBeGreaterThan(200);
    expect(count.total).toBe(buyers);
  });
});

async function distinctBuyers(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(distinct cp.buyer_id)::int as n
        from course_purchases cp join courses c on c.id = cp.course_id join designers d on d.id = c.designer_id
        where d.account = 'demo'`,
  );
  return row!.n;
}
