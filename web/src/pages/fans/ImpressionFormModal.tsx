import { IMPRESSION_WORD_MAX, type Impression, impressionBodySchema } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { createImpression, impressionKeys, renameImpression } from './impression-service.ts';

export interface ImpressionFormModalProps {
  /** The word to rename; undefined creates one. */
  impression: Impression | undefined;
  onClose(): void;
}

/** Create or rename an impression word (≤ 12 characters; a duplicate shows on the field). */
export function ImpressionFormModal({ impression, onClose }: ImpressionFormModalProps) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ word: string }>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ word }: { word: string }) =>
      impression ? renameImpression(impression.id, word) : createImpression(word),
    onSuccess: async () => {
      void message.success(t(impression ? 'impressions.renamed' : 'impressions.created'));
      await queryClient.invalidateQueries({ queryKey: impressionKeys.all });
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error);
      if (fields.length > 0) form.setFields(fields);
      else if (isApiRequestError(error)) void message.error(error.msg);
    },
  });
  return (
    <Modal
      open
      title={t(impression ? 'impressions.rename' : 'impressions.add')}
      okText={t('impressions.ok')}
      cancelText={t('impressions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="impression-form"
        initialValues={{ word: impression?.word ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="word"
          label={t('impressions.word')}
          rules={[
            { required: true, whitespace: true, message: t('impressions.wordRequired') },
            zodFieldRule(
              impressionBodySchema.shape.word,
              t('impressions.wordTooLong', { max: IMPRESSION_WORD_MAX }),
            ),
          ]}
        >
          <Input maxLength={IMPRESSION_WORD_MAX} showCount placeholder={t('impressions.wordPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
