import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ATTACHMENT_NAME_MAX,
  CONTRACT_ATTACHMENTS_MAX,
  type ContractAttachment,
  contractAttachmentSchema,
} from '@dc/contract';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { ImageDropzone } from '../../components/upload/ImageDropzone.tsx';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';

/**
 * Step 3: the contract documents, each a name and a picture the designer uploads (a scan or a
 * photo of the signed contract; the server accepts only the designer's own uploads); at least
 * one, no repeats.
 */
export function ContractAttachmentsStep() {
  const t = useT();
  return (
    <>
      <Typography.Paragraph type="secondary">
        {t('contract.form.attachmentsHelp', { max: CONTRACT_ATTACHMENTS_MAX })}
      </Typography.Paragraph>
      <Form.List
        name="attachments"
        rules={[
          {
            async validator(_rule, value: unknown) {
              const list = (Array.isArray(value) ? value : []) as Partial<ContractAttachment>[];
              if (list.length < 1) throw new Error(t('contract.form.attachmentsRequired'));
              const urls = list.map((a) => a?.url?.trim() ?? '').filter(Boolean);
              if (new Set(urls).size !== urls.length)
                throw new Error(t('contract.form.attachmentsDuplicate'));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8} data-testid="contract-attachments">
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="flex-start" wrap>
                <Form.Item
                  name={[field.name, 'name']}
                  style={{ flex: '1 1 200px', marginBottom: 0 }}
                  rules={[
                    { required: true, whitespace: true, message: t('contract.form.attachmentNameRequired') },
                    zodFieldRule(
                      contractAttachmentSchema.shape.name,
                      t('contract.form.tooLong', { max: ATTACHMENT_NAME_MAX }),
                    ),
                  ]}
                >
                  <Input
                    aria-label={t('contract.form.attachmentName', { index: index + 1 })}
                    placeholder={t('contract.form.attachmentNamePlaceholder')}
                    maxLength={ATTACHMENT_NAME_MAX}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'url']}
                  style={{ flex: '2 1 260px', marginBottom: 0 }}
                  rules={[
                    { required: true, whitespace: true, message: t('contract.form.attachmentUrlRequired') },
                  ]}
                >
                  <ImageDropzone
                    label={t('contract.form.attachmentUrl', { index: index + 1 })}
                    texts={{
                      hint: t('contract.form.attachmentUpload'),
                      uploading: t('contract.form.attachmentUploading'),
                      failed: t('contract.form.attachmentFailed'),
                      remove: t('contract.form.attachmentFileRemove'),
                    }}
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('contract.form.attachmentRemove')}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= CONTRACT_ATTACHMENTS_MAX}
              onClick={() => add({ name: '', url: '' })}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('contract.form.attachmentAdd')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Flex>
        )}
      </Form.List>
    </>
  );
}
