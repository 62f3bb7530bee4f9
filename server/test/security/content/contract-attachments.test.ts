import type { ContractDetail } from '@dc/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../../src/db/schema/index.ts';
import { uploadImage } from '../../image-files/support.ts';
import {
  type AccountsApp,
  addProvider,
  call,
  createAccountsApp,
  dataOf,
  envelopeOf,
  type Session,
  someone,
} from '../../support/calls.ts';
import { API, authHeader } from '../../support/test-app.ts';

/** Issue 16 point 6: contract attachments accept only the designer's own uploads. */
let t: AccountsApp;
let provider: number;
let alice: Session;
let mallory: Session;
beforeAll(async () => {
  t = await createAccountsApp();
  provider = await addProvider(t, '丝绸坊');
  alice = await someone(t, 'attach_alice');
  mallory = await someone(t, 'attach_mallory');
});
afterAll(() => t?.close());

const contractWith = (attachments: { name: string; url: string }[]) => ({
  title: '联名合作',
  providerId: provider,
  type: 0,
  direction: 1,
  amount: 100_000,
  startDate: '2026-03-01',
  endDate: '2026-08-31',
  attachments,
});

const contractRows = async () => (await t.db.select({ n: count() }).from(contracts))[0]!.n;

async function expectRefusedOn(res: Awaited<ReturnType<typeof call>>, path: string) {
  const body = envelopeOf(res);
  expect(res.statusCode).toBe(400);
  expect(body.code).toBe(40000);
  expect((body.data as { errors: { path: string }[] }).errors[0]!.path).toBe(path);
}

describe('content: contract attachments are the designer’s own uploads', () => {
  it('an attachment pointing at another designer’s upload (its lasting address or its signed link) is 40000 on attachments.N.url; nothing is written', async () => {
    const alices = await uploadImage(t, alice);
    const before = await contractRows();
    for (const url of [alices.address, alices.link, `http://localhost:3000${alices.address}`]) {
      const res = await call(t, 'POST', '/contracts', mallory, contractWith([{ name: '合同.png', url }]));
      await expectRefusedOn(res, 'attachments.0.url');
    }
    expect(await contractRows()).toBe(before);
  });

  it('an attachment pointing at an outside URL (a page of the attacker’s) is 40000 on attachments.N.url', async () => {
    const own = await uploadImage(t, mallory);
    const res = await call(
      t,
      'POST',
      '/contracts',
      mallory,
      contractWith([
        { name: '合同.png', url: own.address },
        { name: '附件.pdf', url: 'https://evil.example.com/contract.html' },
      ]),
    );
    await expectRefusedOn(res, 'attachments.1.url');
  });

  it('an upload that never reached the store, or a path on this server that is no upload, is refused', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `${API}/vod/create-upload`,
      headers: authHeader(mallory.token),
      payload: { kind: 'image', fileName: 'never.png', fileSize: 100 },
    });
    const key = JSON.parse(Buffer.from(created.json().data.uploadAddress, 'base64').toString()).FileName;
    for (const url of [`/designerapi/v1/image-files/${key}`, '/designerapi/v1/dev/outbox']) {
      const res = await call(t, 'POST', '/contracts', mallory, contractWith([{ name: 'x.png', url }]));
      await expectRefusedOn(res, 'attachments.0.url');
    }
  });

  it('the designer’s own upload is accepted, by its signed link too, and kept by its lasting address', async () => {
    const own = await uploadImage(t, alice);
    const res = await call(
      t,
      'POST',
      '/contracts',
      alice,
      contractWith([{ name: '合同扫描件.png', url: own.link }]),
    );
    expect(envelopeOf(res).code).toBe(200);
    expect(dataOf<ContractDetail>(res).attachments).toEqual([{ name: '合同扫描件.png', url: own.address }]);
  });

  it('the same upload twice (its link and its address) is refused as a duplicate', async () => {
    const own = await uploadImage(t, alice);
    const res = await call(
      t,
      'POST',
      '/contracts',
      alice,
      contractWith([
        { name: 'a.png', url: own.link },
        { name: 'b.png', url: own.address },
      ]),
    );
    await expectRefusedOn(res, 'attachments.1.url');
  });
});
