import type { SelfInfo } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { designerInfoKey, modifyDesignerInfo } from '../../api/designer-info.ts';
import { useSession } from '../../stores/session.ts';
import { modifyDescription, reloadMenu, selfInfoKey } from './designer-information-service.ts';

export interface DesignerInformationValues {
  nickname: string;
  pic: string;
  description: string;
}

/**
 * Saves nickname and avatar, then the description. The server decides when the information
 * is complete (nickname and description); when that turns a newcomer into an established
 * designer, the session and the menu follow at once. `unlocked` tells the caller it happened.
 */
export function useSaveDesignerInformation(onSaved: (saved: SelfInfo, unlocked: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: DesignerInformationValues) => {
      const info = await modifyDesignerInfo(
        { nickname: values.nickname, pic: values.pic },
        { showErrorMessage: false },
      );
      const described = await modifyDescription(values.description);
      return { info, described };
    },
    onSuccess: async ({ info, described }) => {
      const session = useSession.getState();
      session.setDesigner(info);
      queryClient.setQueryData(designerInfoKey, info);
      const previous = queryClient.getQueryData<SelfInfo>(selfInfoKey);
      const wasNew = previous?.newly_register === 1 || session.newlyRegister === 1;
      const unlocked = wasNew && described.newly_register === 0;
      // The menu first: should it fail, the session still says "new", so saving again retries.
      if (unlocked) await reloadMenu(info.id);
      if (session.newlyRegister !== described.newly_register)
        session.setNewlyRegister(described.newly_register);
      if (!previous) return;
      const saved: SelfInfo = {
        ...previous,
        nickname: info.nickname,
        pic: info.pic,
        description: described.description,
        newly_register: described.newly_register,
      };
      queryClient.setQueryData(selfInfoKey, saved);
      onSaved(saved, unlocked);
    },
  });
}
