import {
  DESCRIPTION_MAX,
  modifyDescBodySchema,
  modifyInfoBodySchema,
  NICKNAME_MAX,
  type SelfInfo,
} from '@dc/contract';
import { App, Button, Card, Flex, Form, Input } from 'antd';
import { reportFormFailure } from '../../components/form-failure.ts';
import { AvatarDropzone } from '../../components/upload/AvatarDropzone.tsx';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import {
  type DesignerInformationValues,
  useSaveDesignerInformation,
} from './use-save-designer-information.ts';

/**
 * Nickname, avatar and description, checked with the contract's schemas of modifyInfo and
 * modifyDesc. The avatar is uploaded (the server keeps only the designer's own uploads). Saving
 * refreshes the header, and for a newcomer the menu.
 */
export function DesignerInformationForm({ info }: { info: SelfInfo }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<DesignerInformationValues>();

  const save = useSaveDesignerInformation((saved, unlocked) => {
    form.setFieldsValue({ nickname: saved.nickname, pic: saved.pic, description: saved.description });
    void message.success(unlocked ? t('accounts.designerInfo.unlocked') : t('accounts.designerInfo.saved'));
  });

  return (
    // Titled as the menu names the page: 设计师资料 for a newcomer, 设计师信息 afterwards.
    <Card
      title={
        info.newly_register === 1
          ? t('accounts.designerInfo.title')
          : t('accounts.designerInfo.titleEstablished')
      }
      style={{ height: '100%' }}
    >
      <Form<DesignerInformationValues>
        form={form}
        name="designerInformation"
        layout="vertical"
        style={{ maxWidth: 640 }}
        requiredMark={false}
        initialValues={{ nickname: info.nickname, pic: info.pic, description: info.description }}
        onFinish={(values) =>
          save.mutate(values, {
            onError: (error) => reportFormFailure(error, form, (text) => void message.error(text), t),
          })
        }
      >
        <Form.Item
          name="nickname"
          label={t('accounts.nickname')}
          rules={[
            { required: true, whitespace: true, message: t('accounts.nicknameRequired') },
            zodFieldRule(modifyInfoBodySchema.shape.nickname, t('accounts.tooLong', { max: NICKNAME_MAX })),
          ]}
        >
          <Input placeholder={t('accounts.nicknamePlaceholder')} maxLength={NICKNAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="pic" label={t('accounts.designerInfo.avatar')} extra={t('avatar.help')}>
          <AvatarDropzone label={t('accounts.designerInfo.avatar')} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('accounts.designerInfo.description')}
          rules={[
            { required: true, whitespace: true, message: t('accounts.designerInfo.descriptionRequired') },
            zodFieldRule(
              modifyDescBodySchema.shape.description,
              t('accounts.tooLong', { max: DESCRIPTION_MAX }),
            ),
          ]}
        >
          <Input.TextArea
            placeholder={t('accounts.designerInfo.descriptionPlaceholder')}
            autoSize={{ minRows: 5, maxRows: 12 }}
            maxLength={DESCRIPTION_MAX}
            showCount
          />
        </Form.Item>
        <Flex gap={8} style={{ marginTop: 8 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('accounts.designerInfo.save')}
          </Button>
          <Button onClick={() => form.resetFields()} disabled={save.isPending}>
            {t('accounts.designerInfo.reset')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
