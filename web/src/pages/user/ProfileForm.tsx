import { type DesignerInfo, NICKNAME_MAX } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input } from 'antd';
import { designerInfoKey, modifyDesignerInfo } from '../../api/designer-info.ts';
import { AvatarDropzone } from '../../components/upload/AvatarDropzone.tsx';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError, isRequestCancelled } from '../../request/index.ts';
import { useSession } from '../../stores/session.ts';

interface ProfileValues {
  nickname: string;
  pic: string;
}

/**
 * Edits nickname and avatar (an upload: the server keeps only the designer's own pictures). Rules mirror the contract's; the server still decides, and
 * its 40000 field errors land on the fields. A save updates the session at once, so the
 * header's nickname and avatar change without a reload.
 */
export function ProfileForm({ designer }: { designer: DesignerInfo }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const queryClient = useQueryClient();

  const save = useMutation({
    // The fields show a 40000 answer; a toast with the same words would only repeat them.
    mutationFn: (values: ProfileValues) => modifyDesignerInfo(values, { showErrorMessage: false }),
    onSuccess: (saved) => {
      useSession.getState().setDesigner(saved);
      queryClient.setQueryData(designerInfoKey, saved);
      form.setFieldsValue({ nickname: saved.nickname, pic: saved.pic });
      void message.success(t('user.saved'));
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error);
      if (fields.length > 0) form.setFields(fields);
      else if (!isRequestCancelled(error) && !(isApiRequestError(error) && error.handled)) {
        void message.error(error.message);
      }
    },
  });

  return (
    <Card title={t('user.edit')} style={{ height: '100%' }}>
      <Form<ProfileValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 520 }}
        initialValues={{ nickname: designer.nickname, pic: designer.pic }}
        onFinish={(values) => save.mutate(values)}
        requiredMark={false}
      >
        <Form.Item
          name="nickname"
          label={t('user.nickname')}
          rules={[
            { required: true, whitespace: true, message: t('user.nicknameRequired') },
            { max: NICKNAME_MAX, message: t('user.tooLong', { max: NICKNAME_MAX }) },
          ]}
        >
          <Input placeholder={t('user.nicknamePlaceholder')} maxLength={NICKNAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="pic" label={t('user.avatar')} extra={t('avatar.help')}>
          <AvatarDropzone label={t('user.avatar')} />
        </Form.Item>
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('user.save')}
          </Button>
          <Button onClick={() => form.resetFields()} disabled={save.isPending}>
            {t('user.reset')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
