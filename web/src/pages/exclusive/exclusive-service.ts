import type {
  ApplicationDetail,
  ApplysubDetail,
  ApplysubInfo,
  Bank,
  ExclusiveApplicationBody,
  Provider,
  ProviderListQuery,
} from '@dc/contract';
import { request } from '../../request/index.ts';

/** The 专属设计师 screen's calls: application support data (spec section 7), applications, providers. */
const BASE = '/designerapi/v1';

export interface RegionOption {
  code: string;
  name: string;
}

export const exclusiveKeys = {
  all: ['exclusive'] as const,
  info: ['exclusive', 'applysub-info'] as const,
  detail: (providerId: number) => ['exclusive', 'applysub-detail', providerId] as const,
  banks: (keyword: string) => ['exclusive', 'banks', keyword] as const,
  regions: (province: string | undefined) => ['exclusive', 'bank-citys', province ?? ''] as const,
  providers: ['exclusive', 'providers'] as const,
  providerList: (query: ProviderListQuery) => ['exclusive', 'providers', query] as const,
};

/** `GET designerapi/v1/getApplysubInfo`. */
export const fetchApplysubInfo = () => request.get<ApplysubInfo>(`${BASE}/getApplysubInfo`);

/** `GET designerapi/v1/yiDesigner/applysubDetail?provider_id=`. */
export const fetchApplysubDetail = (providerId: number) =>
  request.get<ApplysubDetail>(`${BASE}/yiDesigner/applysubDetail`, { params: { provider_id: providerId } });

/** `GET designerapi/v1/getBanks?keyword=`; a newer search cancels the one in flight. */
export const fetchBanks = (keyword: string, signal?: AbortSignal) =>
  request.getList<Bank>(`${BASE}/getBanks`, { params: keyword ? { keyword } : {}, signal });

/** `GET designerapi/v1/getBankCitys`: the provinces, or with a province code its cities. */
export const fetchBankRegions = (province: string | undefined, signal?: AbortSignal) =>
  request.getList<RegionOption>(`${BASE}/getBankCitys`, {
    params: province ? { province } : {},
    signal,
    // Provinces and cities are two lists fetched side by side: neither cancels the other.
    cancelDuplicate: false,
  });

/** `POST /designerapi/v1/exclusive-applications`: field problems come back as 40000 on the form. */
export const submitApplication = (body: ExclusiveApplicationBody) =>
  request.post<ApplicationDetail>(`${BASE}/exclusive-applications`, body, { showErrorMessage: false });

export const fetchProviders = (query: ProviderListQuery, signal?: AbortSignal) =>
  request.getList<Provider>(`${BASE}/providers`, { params: query, signal });

export const collectProvider = (id: number) => request.post<Provider>(`${BASE}/providers/${id}/collect`);

export const uncollectProvider = (id: number) =>
  request.delete<Provider>(`${BASE}/providers/${id}/collect`) as Promise<Provider>;
