import type { Database } from '../db/client.ts';
import { shopAddresses } from '../db/schema/index.ts';
import { DAY_MS } from '../time/business-day.ts';

/** demo's shop addresses: the studio (default), a warehouse and a sample room. */
const DEMO_ADDRESSES = [
  {
    consignee: '林晓岚',
    phone: '13800000001',
    region: ['310000', '310100', '310104'],
    detail: '漕溪北路 88 号 12 楼 1203 室（晓岚旗袍工作室）',
    postalCode: '200030',
    isDefault: true,
    daysAgo: 300,
  },
  {
    consignee: '王仓管',
    phone: '0571-86001234',
    region: ['330000', '330100', '330106'],
    detail: '文三路 259 号 B 座仓库 2 号门',
    postalCode: '310012',
    isDefault: false,
    daysAgo: 180,
  },
  {
    consignee: '陈样衣',
    phone: '13925001234',
    region: ['440000', '440100', '440106'],
    detail: '天河路 385 号太古汇写字楼 3 座 2201',
    postalCode: '',
    isDefault: false,
    daysAgo: 40,
  },
];

export async function seedAddresses(db: Database, demoId: number, now: Date): Promise<void> {
  await db.insert(shopAddresses).values(
    DEMO_ADDRESSES.map(({ region, daysAgo, ...address }) => ({
      designerId: demoId,
      ...address,
      provinceCode: region[0]!,
      cityCode: region[1]!,
      districtCode: region[2]!,
      createdAt: new Date(now.getTime() - daysAgo * DAY_MS),
      updatedAt: new Date(now.getTime() - daysAgo * DAY_MS),
    })),
  );
}
