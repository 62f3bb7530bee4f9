import {
  RECRUIT_PAGE_PATH,
  type RecruitmentBody,
  type RecruitmentChannel,
  type RecruitmentSettings,
} from '@dc/contract';
import { request } from '../../request/index.ts';

const API = '/designerapi/v1/recruitment';

export const recruitmentKeys = { settings: ['recruitment', 'settings'] as const };

export const fetchRecruitment = (signal?: AbortSignal) => request.get<RecruitmentSettings>(API, { signal });

export const saveRecruitment = async (body: RecruitmentBody) =>
  (await request.put<RecruitmentSettings>(API, body, { showErrorMessage: false })).data.data;

/** The public page's address for a channel, on this console's origin. */
export const recruitLink = (origin: string, slug: string, channel: RecruitmentChannel) =>
  `${origin}${RECRUIT_PAGE_PATH}/${slug}?ch=${channel}`;
