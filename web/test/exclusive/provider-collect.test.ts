import { describe, expect, it } from 'vitest';
import { withCollected } from '../../src/pages/exclusive/provider-collect.ts';

describe('provider collect, optimistic', () => {
  it('flips only the one provider in a cached page, with the time it was collected', () => {
    const page = {
      totalNumber: 2,
      totalPages: 1,
      dataList: [
        { id: 1, collected: false, collectedAt: null },
        { id: 2, collected: true, collectedAt: '2026-01-01 00:00:00' },
      ],
    } as unknown as Parameters<typeof withCollected>[0];
    const collected = withCollected(page, 1, true, '2026-03-01 09:00:00');
    expect(collected?.dataList.map((p) => [p.id, p.collected, p.collectedAt])).toEqual([
      [1, true, '2026-03-01 09:00:00'],
      [2, true, '2026-01-01 00:00:00'],
    ]);
    expect(withCollected(collected, 2, false, 'x')?.dataList[1]).toMatchObject({
      collected: false,
      collectedAt: null,
    });
    expect(withCollected(undefined, 1, true, 'x')).toBeUndefined();
  });
});
