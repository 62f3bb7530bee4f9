import {
  type FanBatchTagBody,
  type FanImageBody,
  type FanListQuery,
  type FanMeasurements,
  type FanOrderListQuery,
  fansApi,
  type WardrobeItemBody,
} from '@dc/contract';
import { call } from '../../api/call.ts';

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
  call(fansApi.list, { query: queryParams(query) }, { signal, list: true });

/** One request, one transaction on the server (see the contract: up to 100,000 fans). */
export const batchTagFans = (body: FanBatchTagBody) =>
  call(fansApi.batchTag, { body }, { showErrorMessage: false, timeout: 120_000 });

export const fetchFan = (id: number, signal?: AbortSignal) =>
  call(fansApi.detail, { params: { id } }, { signal });

/** The fan's traded goods (boutique orders and course purchases), newest first. */
export const fetchFanOrders = (id: number, query: FanOrderListQuery, signal?: AbortSignal) =>
  call(fansApi.orders, { params: { id }, query }, { signal });

const quiet = { showErrorMessage: false };

export const saveFanMeasurements = async (id: number, body: FanMeasurements) =>
  (await call(fansApi.saveMeasurements, { params: { id }, body }, quiet)).data.data;
export const saveFanTags = async (id: number, tagIds: number[]) =>
  (await call(fansApi.setTags, { params: { id }, body: { tagIds } })).data.data;
export const addWardrobeItem = (id: number, body: WardrobeItemBody) =>
  call(fansApi.addWardrobeItem, { params: { id }, body }, quiet);
export const removeWardrobeItem = (id: number, itemId: number) =>
  call(fansApi.removeWardrobeItem, { params: { id, itemId } });
export const addFanImage = (id: number, body: FanImageBody) =>
  call(fansApi.addImage, { params: { id }, body }, quiet);
export const removeFanImage = (id: number, itemId: number) =>
  call(fansApi.removeImage, { params: { id, itemId } });
