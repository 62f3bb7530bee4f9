import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { FanTagSelect } from '../fans/FanTagSelect.tsx';
import { packKeys, tagMembers } from './service.ts';

const TAG_SELECT_ID = 'pack-tag-modal-tags';

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
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('crowdPacks.detail.tagsToAdd')}
          htmlFor={TAG_SELECT_ID}
          style={{ marginBottom: 0 }}
        >
          <FanTagSelect
            id={TAG_SELECT_ID}
            style={{ width: '100%' }}
            value={tagIds}
            onChange={setTagIds}
            placeholder={t('crowdPacks.value.choose')}
            data-testid="pack-tag-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
