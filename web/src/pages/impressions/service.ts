import type {
  FanImpressions,
  FanRow,
  Impression,
  ImpressionChip,
  ImpressionDeleteAnswer,
  ImpressionOverview,
} from '@dc/contract';
import { request } from '../../request/index.ts';

const API = '/designerapi/v1';

/** react-query keys of impressions: one invalidation refreshes the cloud, lists and fan labels. */
export const impressionKeys = {
  all: ['impressions'] as const,
  overview: ['impressions', 'overview'] as const,
  fans: (id: number, page: number) => ['impressions', 'fans', id, page] as const,
  ofFan: (fanId: number) => ['impressions', 'fan', fanId] as const,
};

const quiet = { showErrorMessage: false };

export const fetchImpressionOverview = (signal?: AbortSignal) =>
  request.get<ImpressionOverview>(`${API}/impressions`, { signal });
export const createImpression = (word: string) =>
  request.post<Impression>(`${API}/impressions`, { word }, quiet);
export const renameImpression = async (id: number, word: string) =>
  (await request.put<Impression>(`${API}/impressions/${id}`, { word }, quiet)).data.data;
export const deleteImpression = (id: number) =>
  request.delete<ImpressionDeleteAnswer>(`${API}/impressions/${id}`) as Promise<ImpressionDeleteAnswer>;
export const fetchImpressionFans = (id: number, page: number, pageSize: number, signal?: AbortSignal) =>
  request.getList<FanRow>(`${API}/impressions/${id}/fans`, { params: { page, pageSize }, signal });

export const fetchFanImpressions = (fanId: number, signal?: AbortSignal) =>
  request.get<FanImpressions>(`${API}/fans/${fanId}/impressions`, { signal });
export const addFanImpression = (fanId: number, word: string) =>
  request.post<ImpressionChip[]>(`${API}/fans/${fanId}/impressions`, { word }, quiet);
export const removeFanImpression = (fanId: number, impressionId: number) =>
  request.delete<ImpressionChip[]>(`${API}/fans/${fanId}/impressions/${impressionId}`);
