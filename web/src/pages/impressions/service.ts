import { impressionsApi } from '@dc/contract';
import { call } from '../../api/call.ts';

/** react-query keys of impressions: one invalidation refreshes the cloud, lists and fan labels. */
export const impressionKeys = {
  all: ['impressions'] as const,
  overview: ['impressions', 'overview'] as const,
  fans: (id: number, page: number) => ['impressions', 'fans', id, page] as const,
  ofFan: (fanId: number) => ['impressions', 'fan', fanId] as const,
};

const quiet = { showErrorMessage: false };

export const fetchImpressionOverview = (signal?: AbortSignal) =>
  call(impressionsApi.overview, {}, { signal });
export const createImpression = (word: string) => call(impressionsApi.create, { body: { word } }, quiet);
export const renameImpression = async (id: number, word: string) =>
  (await call(impressionsApi.rename, { params: { id }, body: { word } }, quiet)).data.data;
export const deleteImpression = (id: number) => call(impressionsApi.remove, { params: { id } });
export const fetchImpressionFans = (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
  call(impressionsApi.fans, { params: { id }, query: { page, pageSize } }, { signal, list: true });

export const fetchFanImpressions = (fanId: number, signal?: AbortSignal) =>
  call(impressionsApi.ofFan, { params: { id: fanId } }, { signal });
export const addFanImpression = (fanId: number, word: string) =>
  call(impressionsApi.addToFan, { params: { id: fanId }, body: { word } }, quiet);
export const removeFanImpression = (fanId: number, impressionId: number) =>
  call(impressionsApi.removeFromFan, { params: { id: fanId, itemId: impressionId } });
