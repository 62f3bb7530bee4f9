import {
  analyticsFanExportQuerySchema,
  analyticsFanListParamsSchema,
  analyticsFanListQuerySchema,
  analyticsFanPageSchema,
  analyticsOverviewSchema,
  bucketExportQuerySchema,
  bucketListQuerySchema,
  designerCourseRankQuerySchema,
  envelopeSchema,
  incomeListPageSchema,
  incomeListParamsSchema,
  periodQuerySchema,
  rankingPageSchema,
  salesListPageSchema,
  salesListParamsSchema,
  salesOrderExportQuerySchema,
  salesOrderListQuerySchema,
  salesOrderPageSchema,
  salesOrdersParamsSchema,
  showRankQuerySchema,
  userCourseRankQuerySchema,
} from '@dc/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvDocument, sendCsv } from '../../http/csv.ts';
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
    '/analytics/overview',
    {
      schema: {
        tags: TAGS,
        summary: 'Fans, income and sales of a period against the previous one, with trends',
        querystring: periodQuerySchema,
        response: { 200: envelopeSchema(analyticsOverviewSchema) },
      },
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          analyticsOverview(reads, designerIdOf(request), request.query, now()),
        ),
      ),
  );

  app.get(
    '/analytics/fans/:type',
    {
      schema: {
        tags: TAGS,
        summary: 'New, lost, active or all fans of a period',
        params: analyticsFanListParamsSchema,
        querystring: analyticsFanListQuerySchema,
        response: { 200: envelopeSchema(analyticsFanPageSchema) },
      },
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          fanListPage(reads, designerIdOf(request), request.params.type, request.query, now()),
        ),
      ),
  );

  app.get(
    '/analytics/fans/:type/export.csv',
    {
      schema: {
        ...csv,
        summary: 'The fans list as CSV, streamed',
        params: analyticsFanListParamsSchema,
        querystring: analyticsFanExportQuerySchema,
      },
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
    '/analytics/income/:type/:dateType',
    {
      schema: {
        tags: TAGS,
        summary: 'Income of a source per day, week, month or year of a period',
        params: incomeListParamsSchema,
        querystring: bucketListQuerySchema,
        response: { 200: envelopeSchema(incomeListPageSchema) },
      },
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          incomeListPage(reads, designerIdOf(request), request.params, request.query, now()),
        ),
      ),
  );

  app.get(
    '/analytics/income/:type/:dateType/export.csv',
    {
      schema: {
        ...csv,
        summary: 'The income list as CSV',
        params: incomeListParamsSchema,
        querystring: bucketExportQuerySchema,
      },
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
    '/analytics/sales/:type/:dateType',
    {
      schema: {
        tags: TAGS,
        summary: 'Orders of courses or boutique products per day, week, month or year of a period',
        params: salesListParamsSchema,
        querystring: bucketListQuerySchema,
        response: { 200: envelopeSchema(salesListPageSchema) },
      },
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          salesListPage(reads, designerIdOf(request), request.params, request.query, now()),
        ),
      ),
  );

  app.get(
    '/analytics/sales/:type/:dateType/export.csv',
    {
      schema: {
        ...csv,
        summary: 'The sales list as CSV',
        params: salesListParamsSchema,
        querystring: bucketExportQuerySchema,
      },
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
    '/analytics/sales/:type/:dateType/:createdAt',
    {
      schema: {
        tags: TAGS,
        summary: 'The orders of one bucket (from `createdAt` to the end of its bucket)',
        params: salesOrdersParamsSchema,
        querystring: salesOrderListQuerySchema,
        response: { 200: envelopeSchema(salesOrderPageSchema) },
      },
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
    '/analytics/sales/:type/:dateType/:createdAt/export.csv',
    {
      schema: {
        ...csv,
        summary: 'The orders of one bucket as CSV, streamed',
        params: salesOrdersParamsSchema,
        querystring: salesOrderExportQuerySchema,
      },
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
    '/analytics/rankings/shows',
    {
      schema: {
        tags: TAGS,
        summary: 'Short videos by views, likes, comments or completion, with rank movement',
        querystring: showRankQuerySchema,
        response: { 200: envelopeSchema(rankingPageSchema) },
      },
    },
    async (request) =>
      ok(await budgeted(request, (reads) => showRanking(reads, designerIdOf(request), request.query, now()))),
  );

  app.get(
    '/analytics/rankings/designer-courses',
    {
      schema: {
        tags: TAGS,
        summary: 'Courses by sales, revenue, students or rating, with rank movement',
        querystring: designerCourseRankQuerySchema,
        response: { 200: envelopeSchema(rankingPageSchema) },
      },
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          designerCourseRanking(reads, designerIdOf(request), request.query, now()),
        ),
      ),
  );

  app.get(
    '/analytics/rankings/user-courses',
    {
      schema: {
        tags: TAGS,
        summary: 'Learners by courses bought, money spent or lessons completed, with rank movement',
        querystring: userCourseRankQuerySchema,
        response: { 200: envelopeSchema(rankingPageSchema) },
      },
    },
    async (request) =>
      ok(
        await budgeted(request, (reads) =>
          userCourseRanking(reads, designerIdOf(request), request.query, now()),
        ),
      ),
  );
}
