import { designerApi } from '@dc/contract';
import { call } from '../../api/call.ts';
import { fetchMenu } from '../../app/menu-service.ts';
import { useMenu } from '../../stores/menu.ts';

/** The designer information screen's calls (issue 4). Nickname and avatar: api/designer-info.ts. */
export const selfInfoKey = ['designer', 'account'] as const;

/** `GET /designerapi/v1/account`: account, phone, description and the newly-registered flag. */
export const fetchSelfInfo = () => call(designerApi.selfInfo);

/** `POST /designerapi/v1/yiDesigner/modifyDesc`: answers whether the account is still new. */
export const modifyDescription = (description: string) =>
  call(designerApi.modifyDesc, { body: { description } }, { showErrorMessage: false });

/**
 * Fetches the menu again and puts it in place for the signed-in designer: the sidebar, tabs and
 * routes follow the store, so a newcomer who has just completed the information sees the full
 * menu at once, without logging out.
 */
export async function reloadMenu(designerId: number): Promise<void> {
  const answer = await fetchMenu();
  useMenu.getState().setTree(designerId, answer.list);
}
