import { vaultApi, vaultSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { say } from '../../http/messages.ts';
import { periodPath, statisticsWithin } from '../../http/statistics-budget.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { recordAuditEvent } from '../audit/index.ts';
import { vaultBalance } from './balance.ts';
import { ledgerCsvStream } from './export.ts';
import { pendingSettlements, topItems } from './items.ts';
import { ledgerEntry, ledgerPage } from './ledger-query.ts';
import { vaultMessages } from './messages.ts';
import { incomeBySource, incomeTrend } from './trends.ts';
import { defaultBankAccount, listWithdrawals, requestWithdrawal } from './withdrawals.ts';

const TAGS = ['vault'];

/** 我的金库 (issue 6 items 1–3): statistics, the ledger with its CSV export, withdrawals. */
export async function vaultRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);
  const now = () => app.config.now();
  // Aggregates within QUERY_BUDGET_MS (issue 16 item 4): over it, 42200 naming the range's field.
  const statistics = <T>(
    request: { headers: { 'accept-language'?: string }; query: unknown },
    work: (db: Database) => Promise<T>,
  ) =>
    statisticsWithin(
      app.db,
      app.config.queryBudgetMs,
      requestLanguage(request.headers['accept-language']),
      periodPath(request.query as { start?: string }),
      work,
    );

  app.get(
    vaultApi.balance.path,
    {
      schema: endpointSchema(vaultSchemas.balance, {
        tags: TAGS,
        summary: 'Balance cards (fen), now and `days` ago',
      }),
    },
    async (request) =>
      ok(
        await statistics(request, (db) => vaultBalance(db, designerIdOf(request), request.query.days, now())),
      ),
  );

  app.get(
    vaultApi.incomeTrend.path,
    {
      schema: endpointSchema(vaultSchemas.incomeTrend, {
        tags: TAGS,
        summary: 'Income per day, week or month of a range (at most 366 days)',
      }),
    },
    async (request) =>
      ok(await statistics(request, (db) => incomeTrend(db, designerIdOf(request), request.query, now()))),
  );

  app.get(
    vaultApi.incomeBySource.path,
    {
      schema: endpointSchema(vaultSchemas.incomeBySource, {
        tags: TAGS,
        summary: 'Net income per earning kind of a range',
      }),
    },
    async (request) =>
      ok(await statistics(request, (db) => incomeBySource(db, designerIdOf(request), request.query, now()))),
  );

  app.get(
    vaultApi.topItems.path,
    {
      schema: endpointSchema(vaultSchemas.topItems, {
        tags: TAGS,
        summary: 'Items that earned most in a range',
      }),
    },
    async (request) =>
      ok(await statistics(request, (db) => topItems(db, designerIdOf(request), request.query, now()))),
  );

  app.get(
    vaultApi.pendingSettlements.path,
    {
      schema: endpointSchema(vaultSchemas.pendingSettlements, {
        tags: TAGS,
        summary: 'Pending income per day it settles',
      }),
    },
    async (request) => ok(await pendingSettlements(app.db, designerIdOf(request), now())),
  );

  app.get(
    vaultApi.ledger.path,
    {
      schema: endpointSchema(vaultSchemas.ledger, {
        tags: TAGS,
        summary: 'The ledger: filtered, sorted, paged, with totals of the filtered rows',
      }),
    },
    async (request) => ok(await ledgerPage(app.db, designerIdOf(request), request.query, now())),
  );

  app.get(
    vaultApi.exportLedgerCsv.path,
    {
      schema: endpointSchema(vaultSchemas.exportLedgerCsv, {
        tags: TAGS,
        summary: 'The filtered ledger as CSV (UTF-8 with BOM), streamed',
      }),
    },
    async (request, reply) => {
      const language = requestLanguage(request.headers['accept-language']);
      const stamp = now().toISOString().slice(0, 10).replaceAll('-', '');
      await recordAuditEvent(app.db, {
        designerId: designerIdOf(request),
        action: 'export',
        targetType: 'vault-ledger',
        summary: `Vault ledger exported as CSV (${
          Object.entries(request.query)
            .filter(([key, value]) => value !== undefined && value !== '' && key !== '_t')
            .map(([key, value]) => `${key}=${String(value)}`)
            .join(', ') || 'all entries'
        })`,
        at: now(),
      });
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vault-ledger-${stamp}.csv"`)
        .header('cache-control', 'no-store');
      // Streamed from the database (issue 21 item 4): COPY on PostgreSQL, batches on PGlite.
      return reply.send(await ledgerCsvStream(app.db, designerIdOf(request), request.query, language));
    },
  );

  app.get(
    vaultApi.ledgerEntry.path,
    {
      schema: endpointSchema(vaultSchemas.ledgerEntry, {
        tags: TAGS,
        summary: 'One ledger entry',
      }),
    },
    async (request) => ok(await ledgerEntry(app.db, designerIdOf(request), request.params.id)),
  );

  app.get(
    vaultApi.withdrawals.path,
    {
      schema: endpointSchema(vaultSchemas.withdrawals, {
        tags: TAGS,
        summary: 'Withdrawals, newest first',
      }),
    },
    async (request) => ok(await listWithdrawals(app.db, designerIdOf(request), request.query)),
  );

  app.get(
    vaultApi.withdrawalAccount.path,
    {
      schema: endpointSchema(vaultSchemas.withdrawalAccount, {
        tags: TAGS,
        summary: 'The default payout account (the approved exclusive application)',
      }),
    },
    async (request) => ok({ bankAccount: await defaultBankAccount(app.db, designerIdOf(request)) }),
  );

  app.post(
    vaultApi.requestWithdrawal.path,
    {
      schema: endpointSchema(vaultSchemas.requestWithdrawal, {
        tags: TAGS,
        summary: 'Request a withdrawal of at most the available balance',
      }),
    },
    async (request) => {
      const lang = requestLanguage(request.headers['accept-language']);
      const withdrawal = await requestWithdrawal(app.db, designerIdOf(request), request.body, now());
      return ok(withdrawal, say(lang, vaultMessages.withdrawalRequested));
    },
  );
}
