import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type LedgerInput, recordLedgerEntries } from '../../src/modules/vault/ledger.ts';
import {
  API,
  authHeader,
  createDesigner,
  loginAs,
  openTestDatabase,
  type TestApp,
} from '../support/test-app.ts';

export const VAULT = `${API}/vault`;
export const PASSWORD = 'vault-pass-1';

/** An instant given in business time (Asia/Shanghai): `'2025-01-31 23:59:59'`. */
export const shanghai = (wire: string) => new Date(`${wire.replace(' ', 'T')}+08:00`);

/** "Now" of every vault test: 2025-03-10 12:00 in Asia/Shanghai. */
export const NOW = shanghai('2025-03-10 12:00:00');

export interface VaultApp extends TestApp {
  mei: { id: number; token: string };
  kai: { id: number; token: string };
  /** A designer without a ledger. */
  emptyToken: string;
  get(path: string, token?: string): Promise<LightMyRequestResponse>;
}

/**
 * Mei's hand-written ledger (fen), all written through `recordLedgerEntries`, so the rollups
 * are the ones production keeps. Income is pending for 7 days, settled by the first read.
 *   1 course_sale   10000 fee 1000 net  9000  2025-01-31 23:59:59  course 1 旗袍课
 *   2 course_sale   20000 fee 2000 net 18000  2025-02-01 00:00:00  course 1 旗袍课
 *   3 boutique_sale 50000 fee 5000 net 45000  2025-03-05 10:00     product 7 真丝旗袍 (pending → 03-12)
 *   4 video_reward   2000 fee    0 net  2000  2025-03-09 23:30     video 3 秀场幕后 (pending → 03-16)
 *   5 refund        -3000          net -3000  2025-02-28 23:59     product 7 真丝旗袍
 *   6 platform_fee   -500          net  -500  2025-02-15 12:00
 *   7 partner_div.   8000 fee  800 net  7200  2025-01-15 12:00     partner 合伙人分红
 *   8 withdrawal    -6000          net -6000  2025-02-20 10:00
 */
export function meiLedger(designerId: number): LedgerInput[] {
  const sale = (
    kind: LedgerInput['kind'],
    amount: number,
    fee: number,
    at: string,
    source: Pick<LedgerInput, 'sourceType' | 'sourceId' | 'sourceTitle' | 'buyer'>,
  ): LedgerInput => ({
    designerId,
    kind,
    amount,
    fee,
    title: source.sourceTitle ?? kind,
    createdAt: shanghai(at),
    ...source,
  });
  return [
    sale('course_sale', 10000, 1000, '2025-01-31 23:59:59', {
      sourceType: 'course',
      sourceId: 1,
      sourceTitle: '旗袍课',
      buyer: '王女士',
    }),
    sale('course_sale', 20000, 2000, '2025-02-01 00:00:00', {
      sourceType: 'course',
      sourceId: 1,
      sourceTitle: '旗袍课',
      buyer: '赵同学',
    }),
    sale('boutique_sale', 50000, 5000, '2025-03-05 10:00:00', {
      sourceType: 'product',
      sourceId: 7,
      sourceTitle: '真丝旗袍',
      buyer: '李先生',
    }),
    sale('video_reward', 2000, 0, '2025-03-09 23:30:00', {
      sourceType: 'video',
      sourceId: 3,
      sourceTitle: '秀场幕后',
    }),
    {
      designerId,
      kind: 'refund',
      amount: -3000,
      state: 'refunded',
      title: '退款 · 真丝旗袍',
      sourceType: 'product',
      sourceId: 7,
      sourceTitle: '真丝旗袍',
      buyer: '李先生',
      createdAt: shanghai('2025-02-28 23:59:00'),
    },
    {
      designerId,
      kind: 'platform_fee',
      amount: -500,
      title: '平台服务费',
      createdAt: shanghai('2025-02-15 12:00:00'),
    },
    sale('partner_dividend', 8000, 800, '2025-01-15 12:00:00', {
      sourceType: 'partner',
      sourceTitle: '合伙人分红',
    }),
    {
      designerId,
      kind: 'withdrawal',
      amount: -6000,
      title: '提现',
      createdAt: shanghai('2025-02-20 10:00:00'),
    },
  ];
}

/** The app at NOW with Mei's ledger, and Kai, whose rows must never reach Mei's figures. */
export async function createVaultApp(): Promise<VaultApp> {
  // Sessions are made and checked at the real time; the vault's figures are read at NOW.
  let frozen = false;
  const config = {
    ...loadConfig({ WEB_DIST: 'none', LOG_LEVEL: 'silent' }),
    now: () => (frozen ? NOW : new Date()),
  };
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logger: false });
  const db = database.db;
  const meiId = await createDesigner(db, { account: 'mei', password: PASSWORD });
  const kaiId = await createDesigner(db, { account: 'kai', password: PASSWORD });
  await recordLedgerEntries(db, meiLedger(meiId));
  await recordLedgerEntries(db, [
    {
      designerId: kaiId,
      kind: 'course_sale',
      amount: 99900,
      fee: 9990,
      title: '旗袍课',
      buyer: '李先生',
      createdAt: shanghai('2025-02-01 09:00:00'),
    },
  ]);
  const mei = { id: meiId, token: await loginAs(app, 'mei', PASSWORD) };
  const kai = { id: kaiId, token: await loginAs(app, 'kai', PASSWORD) };
  await createDesigner(db, { account: 'empty', password: PASSWORD });
  const emptyToken = await loginAs(app, 'empty', PASSWORD);
  frozen = true;
  return {
    app,
    database,
    db,
    mei,
    kai,
    emptyToken,
    get: (path, token = mei.token) =>
      app.inject({ method: 'GET', url: `${VAULT}${path}`, headers: authHeader(token) }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
