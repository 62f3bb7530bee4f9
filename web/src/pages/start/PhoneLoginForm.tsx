import { App, Button, Checkbox, Form } from 'antd';
import { useState } from 'react';
import { reportFormFailure } from '../../components/form-failure.ts';
import { useT } from '../../locales/index.ts';
import { PhoneCodeFields } from './PhoneCodeFields.tsx';
import { loginByPhone } from './service.ts';
import { useFinishSignIn } from './use-finish-sign-in.ts';

interface PhoneLoginValues {
  phone: string;
  code: string;
  remember: boolean;
}

const FORM_NAME = 'phoneLogin';

/** Phone and the code sent to it for purpose `login`. */
export function PhoneLoginForm() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<PhoneLoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const finishSignIn = useFinishSignIn();

  const onFinish = async (values: PhoneLoginValues) => {
    setSubmitting(true);
    try {
      finishSignIn(await loginByPhone(values.phone, values.code, values.remember), values.remember);
    } catch (error) {
      reportFormFailure(error, form, (text) => void message.error(text), t);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<PhoneLoginValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      size="large"
      requiredMark={false}
      initialValues={{ remember: true }}
      onFinish={onFinish}
    >
      <PhoneCodeFields purpose="login" formName={FORM_NAME} />
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>{t('login.remember')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
