import {
  type AnalyticsFan,
  fenToYuan,
  type IncomeBucketRow,
  type Language,
  type SalesBucketRow,
  type SalesOrder,
} from '@dc/contract';

/** Column titles of the exports, in the request's language. */
const HEADERS = {
  fans: {
    'zh-CN': ['编号', '昵称', '性别', '来源', '关注时间', '最近活跃', '取关时间', '消费(元)', '订单数'],
    'en-US': [
      'ID',
      'Nickname',
      'Gender',
      'Source',
      'Followed at',
      'Last active',
      'Unfollowed at',
      'Spent (CNY)',
      'Orders',
    ],
  },
  income: {
    'zh-CN': ['开始日期', '结束日期', '金额(元)', '手续费(元)', '净收入(元)', '笔数'],
    'en-US': ['From', 'To', 'Amount (CNY)', 'Fee (CNY)', 'Net (CNY)', 'Entries'],
  },
  sales: {
    'zh-CN': ['开始日期', '结束日期', '订单数', '件数', '金额(元)'],
    'en-US': ['From', 'To', 'Orders', 'Pieces', 'Amount (CNY)'],
  },
  orders: {
    'zh-CN': ['编号', '商品', '买家', '数量', '金额(元)', '状态', '下单时间'],
    'en-US': ['ID', 'Item', 'Buyer', 'Quantity', 'Amount (CNY)', 'State', 'Ordered at'],
  },
} satisfies Record<string, Record<Language, string[]>>;

export const exportHeaders = (kind: keyof typeof HEADERS, language: Language) => HEADERS[kind][language];

export const fanCells = (fan: AnalyticsFan) => [
  String(fan.id),
  fan.nickname,
  fan.gender,
  fan.source,
  fan.followedAt,
  fan.lastActiveAt ?? '',
  fan.unfollowedAt ?? '',
  fenToYuan(fan.totalSpent),
  String(fan.orderCount),
];

export const incomeCells = (row: IncomeBucketRow) => [
  row.bucket,
  row.bucketEnd,
  fenToYuan(row.gross),
  fenToYuan(row.fee),
  fenToYuan(row.net),
  String(row.entries),
];

export const salesCells = (row: SalesBucketRow) => [
  row.bucket,
  row.bucketEnd,
  String(row.orders),
  String(row.quantity),
  fenToYuan(row.amount),
];

export const orderCells = (order: SalesOrder) => [
  String(order.id),
  order.itemTitle,
  order.buyer,
  String(order.quantity),
  fenToYuan(order.amount),
  order.state,
  order.createdAt,
];

/** Maps each batch of a stream of batches. */
export async function* mapBatches<T, U>(
  batches: AsyncIterable<T[]>,
  map: (item: T) => U,
): AsyncGenerator<U[]> {
  for await (const batch of batches) yield batch.map(map);
}

/** One batch of rows already in memory (bucket lists: at most 366 rows). */
export async function* oneBatch<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}
