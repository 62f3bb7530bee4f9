import type {
  PublicRecruitment,
  RecruitFollowAnswer,
  RecruitFollowBody,
  RecruitmentChannel,
} from '@dc/contract';
import { request } from '../../request/index.ts';

const API = '/designerapi/v1/public/recruitment';

/** The public page's calls: no session, no toasts (the page says what went wrong itself). */
export const fetchPublicRecruitment = (slug: string, signal?: AbortSignal) =>
  request.get<PublicRecruitment>(`${API}/${slug}`, { signal, showErrorMessage: false });

/** Counts the visit; a failure to count is never the visitor's problem. */
export const sendRecruitVisit = (slug: string, channel: RecruitmentChannel) =>
  request
    .post<{ counted: boolean }>(
      `${API}/${slug}/visits`,
      { channel },
      { showErrorMessage: false, cancelDuplicate: false },
    )
    .catch(() => undefined);

export const followDesigner = (slug: string, body: RecruitFollowBody) =>
  request.post<RecruitFollowAnswer>(`${API}/${slug}/follow`, body, { showErrorMessage: false });
