import { type RecruitFollowBody, type RecruitmentChannel, recruitmentApi } from '@dc/contract';
import { call } from '../../api/call.ts';

/** The public page's calls: no session, no toasts (the page says what went wrong itself). */
export const fetchPublicRecruitment = (slug: string, signal?: AbortSignal) =>
  call(recruitmentApi.publicPage, { params: { slug } }, { signal, showErrorMessage: false });

/** Counts the visit; a failure to count is never the visitor's problem. */
export const sendRecruitVisit = (slug: string, channel: RecruitmentChannel) =>
  call(
    recruitmentApi.visit,
    { params: { slug }, body: { channel } },
    { showErrorMessage: false, cancelDuplicate: false },
  ).catch(() => undefined);

export const followDesigner = (slug: string, body: RecruitFollowBody) =>
  call(recruitmentApi.follow, { params: { slug }, body }, { showErrorMessage: false });
