import {
  RECRUITMENT_BENEFIT_MAX,
  RECRUITMENT_WELCOME_MAX,
  type RecruitmentBody,
  type RecruitmentSettings,
  recruitmentBodySchema,
  TAGS_PER_FAN_MAX,
} from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Switch } from 'antd';
import { zodFormRule } from '../../components/zod-rule.ts';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { FanTagSelect } from '../fans/FanTagSelect.tsx';
import { recruitmentKeys, saveRecruitment } from './service.ts';

type Values = Required<RecruitmentBody>;

/** On/off, welcome, benefit, cover and auto tags; the contract checks the form, a server 40000 shows on its field. */
export function RecruitSettingsForm({ settings }: { settings: RecruitmentSettings }) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveRecruitment({
        enabled: values.enabled,
        welcome: values.welcome ?? '',
        benefit: values.benefit ?? '',
        coverUrl: values.coverUrl ?? '',
        autoTagIds: values.autoTagIds ?? [],
      }),
    onSuccess: (saved) => {
      void message.success(t('recruit.saved'));
      queryClient.setQueryData(recruitmentKeys.settings, saved);
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error);
      if (fields.length > 0) form.setFields(fields);
      else if (isApiRequestError(error)) void message.error(error.msg);
    },
  });
  const rule = (field: keyof Values) => zodFormRule(recruitmentBodySchema, field, (issue) => issue.message);
  return (
    <Card title={t('recruit.settings')}>
      <Form<Values>
        form={form}
        layout="vertical"
        data-testid="recruit-form"
        initialValues={{
          enabled: settings.enabled,
          welcome: settings.welcome,
          benefit: settings.benefit,
          coverUrl: settings.coverUrl,
          autoTagIds: settings.autoTags.map((tag) => tag.id),
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="enabled"
          label={t('recruit.enabled')}
          extra={t('recruit.enabledHint')}
          valuePropName="checked"
        >
          <Switch aria-label={t('recruit.enabled')} />
        </Form.Item>
        <Form.Item
          name="welcome"
          label={t('recruit.welcome')}
          dependencies={['enabled']}
          rules={[rule('welcome')]}
        >
          <Input.TextArea
            rows={3}
            maxLength={RECRUITMENT_WELCOME_MAX}
            showCount
            placeholder={t('recruit.welcomePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="benefit" label={t('recruit.benefit')} rules={[rule('benefit')]}>
          <Input.TextArea
            rows={2}
            maxLength={RECRUITMENT_BENEFIT_MAX}
            showCount
            placeholder={t('recruit.benefitPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('recruit.cover')} rules={[rule('coverUrl')]}>
          <Input placeholder={t('recruit.coverPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="autoTagIds"
          label={t('recruit.autoTags')}
          extra={t('recruit.autoTagsHint', { max: TAGS_PER_FAN_MAX })}
          rules={[rule('autoTagIds')]}
        >
          <FanTagSelect maxCount={TAGS_PER_FAN_MAX} aria-label={t('recruit.autoTags')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('recruit.save')}
        </Button>
      </Form>
    </Card>
  );
}
