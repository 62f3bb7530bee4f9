import type {
  FanBatchTagAnswer,
  FanBatchTagBody,
  FanDetail,
  FanImage,
  FanImageBody,
  FanListPage,
  FanListQuery,
  FanMeasurements,
  FanOrderListQuery,
  FanOrderPage,
  FanRow,
  FanTagChip,
  WardrobeItem,
  WardrobeItemBody,
} from '@dc/contract';
import { request } from '../../request/index.ts';

const FANS = '/designerapi/v1/fans';

export const fanKeys = {
  all: ['fans'] as const,
  list: (query: FanListQuery) => ['fans', 'list', query] as const,
  detail: (id: number) => ['fans', 'detail', id] as const,
  orders: (id: number, query: FanOrderListQuery) => ['fans', 'detail', id, 'orders', query] as const,
};

/** Lists go in the query as `a,b,c` (the contract reads both that and arrays). */
const queryParams = (query: FanListQuery) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(
        ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
      )
      .map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]),
  );

export const fetchFans = (query: FanListQuery, signal?: AbortSignal) =>
  request.getList<FanRow>(FANS, { params: queryParams(query), signal }) as Promise<FanListPage>;

/** One request, one transaction on the server (see the contract: up to 100,000 fans). */
export const batchTagFans = (body: FanBatchTagBody) =>
  request.post<FanBatchTagAnswer>(`${FANS}/batch-tag`, body, { showErrorMessage: false, timeout: 120_000 });

export const fetchFan = (id: number, signal?: AbortSignal) =>
  request.get<FanDetail>(`${FANS}/${id}`, { signal });

/** The fan's traded goods (boutique orders and course purchases), newest first. */
export const fetchFanOrders = (id: number, query: FanOrderListQuery, signal?: AbortSignal) =>
  request.get<FanOrderPage>(`${FANS}/${id}/orders`, { params: query, signal });

const quiet = { showErrorMessage: false };

export const saveFanMeasurements = async (id: number, body: FanMeasurements) =>
  (await request.put<FanMeasurements>(`${FANS}/${id}/measurements`, body, quiet)).data.data;
export const saveFanTags = async (id: number, tagIds: number[]) =>
  (await request.put<FanTagChip[]>(`${FANS}/${id}/tags`, { tagIds })).data.data;
export const addWardrobeItem = (id: number, body: WardrobeItemBody) =>
  request.post<WardrobeItem>(`${FANS}/${id}/wardrobe`, body, quiet);
export const removeWardrobeItem = (id: number, itemId: number) =>
  request.delete(`${FANS}/${id}/wardrobe/${itemId}`);
export const addFanImage = (id: number, body: FanImageBody) =>
  request.post<FanImage>(`${FANS}/${id}/images`, body, quiet);
export const removeFanImage = (id: number, itemId: number) =>
  request.delete(`${FANS}/${id}/images/${itemId}`);
