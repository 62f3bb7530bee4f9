import {
  designerApi,
  type ListPage,
  type MemberItem,
  type ModifyPasswordBody,
  type ModifyPhoneBody,
  membersApi,
  scanApi,
} from '@dc/contract';
import { call } from '../../api/call.ts';
import { createScanTicketFor, pollScanTicket } from '../../api/scan-tickets.ts';

/**
 * The self-information screen's calls (issue 4 item 6). The account itself is read with
 * `fetchSelfInfo` (designer-information-service.ts). Form calls are quiet: the forms put
 * failures on their fields (components/form-failure.ts).
 */
const quiet = { showErrorMessage: false } as const;

export const membersKey = (page: number, pageSize: number) =>
  ['designer', 'members', page, pageSize] as const;
export const membersRootKey = ['designer', 'members'] as const;

/** `POST /designerapi/v1/yiDesigner/modifyPhone`: the new phone's code, and the old phone's when there is one. */
export const modifyPhone = (body: ModifyPhoneBody) => call(designerApi.modifyPhone, { body }, quiet);

/** `POST /designerapi/v1/yiDesigner/modifyPassword`: the other sessions of the account end. */
export const modifyPassword = (body: ModifyPasswordBody) =>
  call(designerApi.modifyPassword, { body }, { trim: false, ...quiet });

/** A scan ticket for binding WeChat to this account, and its poll (api/scan-tickets.ts). */
export const createBindTicket = () => createScanTicketFor('bind');
export const pollBindTicket = pollScanTicket;

/** `POST /designerapi/v1/yiDesigner/bindWechat`: binds the WeChat that confirmed the ticket. */
export const bindWechat = (ticket: string) => call(scanApi.bindWechat, { body: { ticket } }, quiet);

/** `POST /designerapi/v1/yiDesigner/unbindWechat`. */
export const unbindWechat = () => call(scanApi.unbindWechat);

/** `GET /designerapi/v1/members`: platform users bound to this designer, newest first. */
export const fetchMembers = (page: number, pageSize: number, signal?: AbortSignal) =>
  call(membersApi.list, { query: { page, pageSize } }, { signal, list: true });

/** `POST /designerapi/v1/yiDesigner/unbindMember`. */
export const unbindMember = (memberId: number) => call(membersApi.unbind, { body: { member_id: memberId } });

export type MembersPage = ListPage<MemberItem>;
