import { IdcardOutlined, UserOutlined } from '@ant-design/icons';
import { NICKNAME_MAX, PASSWORD_MIN } from '@dc/contract';
import { App, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../app/document-title.ts';
import { reportFormFailure } from '../../components/form-failure.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { useT } from '../../locales/index.ts';
import { accountNameRules, nicknameRules, registrationPasswordRules } from './field-rules.ts';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import { StartFrame } from './StartFrame.tsx';
import { type RegisterValues, register } from './service.ts';
import { TermsField } from './TermsField.tsx';
import { useFinishSignIn } from './use-finish-sign-in.ts';

interface RegisterFormValues extends RegisterValues {
  confirm: string;
  agree: boolean;
}

const FORM_NAME = 'register';

/**
 * `/start/register` and `/register`: a designer account by phone code. The fields are checked
 * with the contract's registration schema; the new account starts with the one-item menu and
 * lands on the designer information (via /home) to complete it.
 */
export default function RegisterPage() {
  const t = useT();
  useDocumentTitle(t('accounts.register.title'));
  const { message } = App.useApp();
  const [form] = Form.useForm<RegisterFormValues>();
  const [submitting, setSubmitting] = useState(false);
  const finishSignIn = useFinishSignIn();

  const onFinish = async (values: RegisterFormValues) => {
    setSubmitting(true);
    try {
      const answer = await register(values);
      finishSignIn(answer, true, t('accounts.register.success', { account: answer.account }));
    } catch (error) {
      reportFormFailure(error, form, (text) => void message.error(text), t);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <StartFrame>
      <Typography.Title level={3}>{t('accounts.register.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('accounts.register.subtitle')}</Typography.Paragraph>
      <Form<RegisterFormValues>
        form={form}
        name={FORM_NAME}
        layout="vertical"
        requiredMark={false}
        initialValues={{ agree: false }}
        onFinish={onFinish}
      >
        <PhoneCodeFields purpose="register" formName={FORM_NAME} />
        <Form.Item name="nickname" label={t('accounts.nickname')} rules={nicknameRules(t)}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('accounts.nicknamePlaceholder')}
            maxLength={NICKNAME_MAX}
            autoComplete="nickname"
          />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('accounts.accountName')}
          extra={t('accounts.accountNameHelp')}
          rules={accountNameRules(t)}
        >
          <Input
            prefix={<IdcardOutlined />}
            placeholder={t('accounts.accountNamePlaceholder')}
            autoComplete="username"
          />
        </Form.Item>
        <NewPasswordFields
          label={t('accounts.password')}
          confirmLabel={t('accounts.confirmPassword')}
          rules={registrationPasswordRules(t)}
          dependencies={['account']}
          placeholder={t('accounts.passwordPlaceholder', { min: PASSWORD_MIN })}
        />
        <TermsField />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('accounts.register.submit')}
        </Button>
      </Form>
      <Flex justify="center" gap={4} style={{ marginTop: 16 }}>
        <Typography.Text type="secondary">{t('accounts.register.haveAccount')}</Typography.Text>
        <Link to="/start/login">{t('login.submit')}</Link>
      </Flex>
    </StartFrame>
  );
}
