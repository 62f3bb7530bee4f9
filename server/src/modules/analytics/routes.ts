import { analyticsApi, analyticsSchemas } from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvDocument, sendCsv } from '../../http/csv.ts';
import { endpointSchema } from '../../http/endpoint-schema.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import {
  type BudgetedReads,
  budgetedReadsOf,
  periodPath,
  withinStatisticsBudget,
} from '../../http/statistics-budget.ts';
import { designerIdOf } from '../../plugins/auth.ts';
import { incomeBuckets, incomeListPage, salesBuckets, salesListPage, sortBuckets } from './buckets.ts';
import {
  exportHeaders,
  fanCells,
  incomeCells,
  mapBatches,
  oneBatch,
  orderCells,
  salesCells,
} from './export.ts';
import { fanBatches, fanListPage } from './fans-list.ts';
import { analyticsOverview } from './overview.ts';
import { resolvePeriod } from './period.ts';
import { designerCourseRanking, showRanking, userCourseRanking } from './rankings.ts';
import { salesOrderBatches, salesOrderPage } from './sales-orders.ts';

const TAGS = ['analytics'];
const csv = { tags: TAGS, produces: ['text/csv'] };

/** 数据分析 (issue 6 items 4–7): overview, fans/income/sales lists with CSV, rankings. */
export async function analyticsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireSession);
  const now = () => app.config.now();
  const languageOf = (header: string | undefined) => requestLanguage(header);
  /**
   * The request's statistics within QUERY_BUDGET_MS (issue 16 item 4): over it, 42200 in the
   * request's language naming the period's field.
   */
  const budgeted = <T>(
    request: { headers: { 'accept-language'?: string }; query: unknown },
    work: (reads: BudgetedReads) => Promise<T>,
    path = periodPath(request.query as { start?: string }),
  ) =>
    withinStatisticsBudget(
      app.db,
      app.config.queryBudgetMs,
      languageOf(request.headers['accept-language']),
      path,
      work,
    );
  /** Reads for a streamed export: each batch statement has the budget (see `freshBudget`). */
  const exportReads = () => budgetedReadsOf(app.db, app.config.queryBudgetMs);

  app.get(
    analyticsApi.overview.path,
    {
      schema: endpointSchema(analyticsSchemas.overview, {
        tags: TAGS,
        summary: 'Fans, income and sales of a period against the previous one, with trends',
      }),
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          analyticsOverview(reads, designerIdOf(request), request.query, now()),
        ),
      ),
  );

  app.get(
    analyticsApi.fans.path,
    {
      schema: endpointSchema(analyticsSchemas.fans, {
        tags: TAGS,
        summary: 'New, lost, active or all fans of a period',
      }),
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          fanListPage(reads, designerIdOf(request), request.params.type, request.query, now()),
        ),
      ),
  );

  app.get(
    analyticsApi.exportFansCsv.path,
    {
      schema: endpointSchema(analyticsSchemas.exportFansCsv, {
        ...csv,
        summary: 'The fans list as CSV, streamed',
      }),
    },
    async (request, reply) => {
      const language = languageOf(request.headers['accept-language']);
      const batches = fanBatches(
        exportReads(),
        designerIdOf(request),
        request.params.type,
        request.query,
        now(),
      );
      const body = csvDocument(exportHeaders('fans', language), mapBatches(batches, fanCells));
      return sendCsv(reply, `fans-${request.params.type}`, now(), body);
    },
  );

  app.get(
    analyticsApi.income.path,
    {
      schema: endpointSchema(analyticsSchemas.income, {
        tags: TAGS,
        summary: 'Income of a source per day, week, month or year of a period',
      }),
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          incomeListPage(reads, designerIdOf(request), request.params, request.query, now()),
        ),
      ),
  );

  app.get(
    analyticsApi.exportIncomeCsv.path,
    {
      schema: endpointSchema(analyticsSchemas.exportIncomeCsv, {
        ...csv,
        summary: 'The income list as CSV',
      }),
    },
    async (request, reply) => {
      const { type, dateType } = request.params;
      const { sortBy, order } = request.query;
      const period = resolvePeriod(request.query, now());
      const rows = await budgeted(request, (reads) =>
        incomeBuckets(reads, designerIdOf(request), type, dateType, period),
      );
      sortBuckets(
        rows,
        sortBy,
        order,
        (row) => row.net,
        (row) => row.entries,
      );
      const language = languageOf(request.headers['accept-language']);
      const body = csvDocument(exportHeaders('income', language), oneBatch(rows.map(incomeCells)));
      return sendCsv(reply, `income-${type}-${dateType}`, now(), body);
    },
  );

  app.get(
    analyticsApi.sales.path,
    {
      schema: endpointSchema(analyticsSchemas.sales, {
        tags: TAGS,
        summary: 'Orders of courses or boutique products per day, week, month or year of a period',
      }),
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          salesListPage(reads, designerIdOf(request), request.params, request.query, now()),
        ),
      ),
  );

  app.get(
    analyticsApi.exportSalesCsv.path,
    {
      schema: endpointSchema(analyticsSchemas.exportSalesCsv, {
        ...csv,
        summary: 'The sales list as CSV',
      }),
    },
    async (request, reply) => {
      const { type, dateType } = request.params;
      const { sortBy, order } = request.query;
      const period = resolvePeriod(request.query, now());
      const rows = await budgeted(request, (reads) =>
        salesBuckets(reads, designerIdOf(request), type, dateType, period),
      );
      sortBuckets(
        rows,
        sortBy,
        order,
        (row) => row.amount,
        (row) => row.orders,
      );
      const language = languageOf(request.headers['accept-language']);
      const body = csvDocument(exportHeaders('sales', language), oneBatch(rows.map(salesCells)));
      return sendCsv(reply, `sales-${type}-${dateType}`, now(), body);
    },
  );

  app.get(
    analyticsApi.salesOrders.path,
    {
      schema: endpointSchema(analyticsSchemas.salesOrders, {
        tags: TAGS,
        summary: 'The orders of one bucket (from `createdAt` to the end of its bucket)',
      }),
    },
    async (request) =>
      ok(
        await budgeted(
          request,
          (reads) => salesOrderPage(reads, designerIdOf(request), request.params, request.query, now()),
          'createdAt',
        ),
      ),
  );

  app.get(
    analyticsApi.exportSalesOrdersCsv.path,
    {
      schema: endpointSchema(analyticsSchemas.exportSalesOrdersCsv, {
        ...csv,
        summary: 'The orders of one bucket as CSV, streamed',
      }),
    },
    async (request, reply) => {
      const { type, dateType, createdAt } = request.params;
      const language = languageOf(request.headers['accept-language']);
      const batches = salesOrderBatches(exportReads(), designerIdOf(request), request.params, request.query);
      const body = csvDocument(exportHeaders('orders', language), mapBatches(batches, orderCells));
      return sendCsv(reply, `orders-${type}-${dateType}-${createdAt}`, now(), body);
    },
  );

  app.get(
    analyticsApi.showRanking.path,
    {
      schema: endpointSchema(analyticsSchemas.showRanking, {
        tags: TAGS,
        summary: 'Short videos by views, likes, comments or completion, with rank movement',
      }),
    },
    async (request) =>
      ok(await budgeted(request, (reads) => showRanking(reads, designerIdOf(request), request.query, now()))),
  );

  app.get(
    analyticsApi.designerCourseRanking.path,
    {
      schema: endpointSchema(analyticsSchemas.designerCourseRanking, {
        tags: TAGS,
        summary: 'Courses by sales, revenue, students or rating, with rank movement',
      }),
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          designerCourseRanking(reads, designerIdOf(request), request.query, now()),
        ),
      ),
  );

  app.get(
    analyticsApi.userCourseRanking.path,
    {
      schema: endpointSchema(analyticsSchemas.userCourseRanking, {
        tags: TAGS,
        summary: 'Learners by courses bought, money spent or lessons completed, with rank movement',
      }),
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          userCourseRanking(reads, designerIdOf(request), request.query, now()),
        ),
      ),
  );
}
