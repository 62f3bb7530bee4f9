import {
  RECRUIT_PAGE_PATH,
  type RecruitmentBody,
  type RecruitmentChannel,
  recruitmentApi,
} from '@dc/contract';
import { call } from '../../api/call.ts';

export const recruitmentKeys = { settings: ['recruitment', 'settings'] as const };

export const fetchRecruitment = (signal?: AbortSignal) => call(recruitmentApi.settings, {}, { signal });

export const saveRecruitment = async (body: RecruitmentBody) =>
  (await call(recruitmentApi.save, { body }, { showErrorMessage: false })).data.data;

/** The public page's address for a channel, on this console's origin. */
export const recruitLink = (origin: string, slug: string, channel: RecruitmentChannel) =>
  `${origin}${RECRUIT_PAGE_PATH}/${slug}?ch=${channel}`;
