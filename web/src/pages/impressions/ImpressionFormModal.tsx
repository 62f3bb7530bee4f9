import { IMPRESSION_WORD_MAX, type Impression, impressionBodySchema } from '@dc/contract';
import { Form, Input } from 'antd';
import { FormModal } from '../../components/FormModal.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { createImpression, impressionKeys, renameImpression } from './service.ts';

export interface ImpressionFormModalProps {
  /** The word to rename; undefined creates one. */
  impression: Impression | undefined;
  onClose(): void;
}

/** Create or rename an impression word (≤ 12 characters; a duplicate shows on the field). */
export function ImpressionFormModal({ impression, onClose }: ImpressionFormModalProps) {
  const t = useT();
  const [form] = Form.useForm<{ word: string }>();
  const save = useFormSave({
    form,
    save: ({ word }) => (impression ? renameImpression(impression.id, word) : createImpression(word)),
    savedText: t(impression ? 'impressions.renamed' : 'impressions.created'),
    reload: impressionKeys.all,
    onSaved: onClose,
  });
  return (
    <FormModal
      title={t(impression ? 'impressions.rename' : 'impressions.add')}
      okText={t('impressions.ok')}
      cancelText={t('impressions.cancel')}
      form={form}
      saving={save.isPending}
      onClose={onClose}
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
    </FormModal>
  );
}
