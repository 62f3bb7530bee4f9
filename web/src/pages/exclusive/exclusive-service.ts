import { type ExclusiveApplicationBody, exclusiveApi, type ProviderListQuery } from '@dc/contract';
import { call } from '../../api/call.ts';

/** The 专属设计师 screen's calls: application support data (spec section 7), applications, providers. */

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
export const fetchApplysubInfo = () => call(exclusiveApi.applicationInfo);

/** `GET designerapi/v1/yiDesigner/applysubDetail?provider_id=`. */
export const fetchApplysubDetail = (providerId: number) =>
  call(exclusiveApi.applicationDetail, { query: { provider_id: providerId } });

/** `GET designerapi/v1/getBanks?keyword=`; a newer search cancels the one in flight. */
export const fetchBanks = (keyword: string, signal?: AbortSignal) =>
  call(exclusiveApi.banks, { query: keyword ? { keyword } : {} }, { signal, list: true });

/** `GET designerapi/v1/getBankCitys`: the provinces, or with a province code its cities. */
export const fetchBankRegions = (province: string | undefined, signal?: AbortSignal) =>
  call(
    exclusiveApi.bankCities,
    { query: province ? { province } : {} },
    {
      list: true,
      signal,
      // Provinces and cities are two lists fetched side by side: neither cancels the other.
      cancelDuplicate: false,
    },
  );

/** `POST /designerapi/v1/exclusive-applications`: field problems come back as 40000 on the form. */
export const submitApplication = (body: ExclusiveApplicationBody) =>
  call(exclusiveApi.apply, { body }, { showErrorMessage: false });

export const fetchProviders = (query: ProviderListQuery, signal?: AbortSignal) =>
  call(exclusiveApi.providers, { query }, { signal, list: true });

export const collectProvider = (id: number) => call(exclusiveApi.collectProvider, { params: { id } });

export const uncollectProvider = (id: number) => call(exclusiveApi.uncollectProvider, { params: { id } });
