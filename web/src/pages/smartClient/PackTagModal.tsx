import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { FanTagSelect } from '../fans/FanTagSelect.tsx';
import { packKeys, tagMembers } from './service.ts';

/** Tags every member of the last computation in one batch (the fans batch tagging). */
export function PackTagModal({
  packId,
  size,
  open,
  onClose,
}: {
  packId: number;
  size: number;
  open: boolean;
  onClose(): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [tagIds, setTagIds] = useState<number[]>([]);
  const tag = useMutation({
    mutationFn: () => tagMembers(packId, tagIds),
    onSuccess: async (answer) => {
      message.success(
        t('crowdPacks.detail.tagDone', { added: answer.added, skipped: answer.skippedAtLimit }),
      );
      setTagIds([]);
      onClose();
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['fans'] });
    },
  });
  return (
    <Modal
      open={open}
      title={t('crowdPacks.detail.tagTitle', { count: size.toLocaleString() })}
      onCancel={onClose}
      onOk={() => tag.mutate()}
      okButtonProps={{ disabled: tagIds.length === 0, loading: tag.isPending }}
      destroyOnHidden
    >
      <FanTagSelect
        style={{ width: '100%' }}
        value={tagIds}
        onChange={setTagIds}
        placeholder={t('crowdPacks.value.choose')}
        data-testid="pack-tag-select"
      />
    </Modal>
  );
}
