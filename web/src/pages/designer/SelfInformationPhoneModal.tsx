import { SafetyOutlined } from '@ant-design/icons';
import { SMS_CODE_LENGTH } from '@dc/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { type FieldFailure, reportFormFailure } from '../../components/form-failure.ts';
import { useT } from '../../locales/index.ts';
import { codeRules } from '../start/field-rules.ts';
import { PhoneCodeFields } from '../start/PhoneCodeFields.tsx';
import { SendCodeButton } from '../start/SendCodeButton.tsx';
import { maskPhone, splitPhoneFailures } from './self-information-phone.ts';
import { modifyPhone } from './self-information-service.ts';

interface CurrentPhoneValues {
  phone: string;
  oldCode: string;
}
interface NextPhoneValues {
  phone: string;
  code: string;
}

export interface SelfInformationPhoneModalProps {
  /** The account's phone; '' binds a first one (no step for the old phone). */
  currentPhone: string;
  onClose(): void;
  onChanged(phone: string): void;
}

/**
 * Binds or changes the phone: with a phone, step one proves it with a code sent to it; step two
 * takes the new phone and its code. The server checks both codes at the end (20002 on the code
 * field that is wrong, 20004 when another account holds the new phone). Mounted per opening.
 */
export function SelfInformationPhoneModal({
  currentPhone,
  onClose,
  onChanged,
}: SelfInformationPhoneModalProps) {
  const t = useT();
  const { message } = App.useApp();
  const changing = currentPhone !== '';
  const [step, setStep] = useState(changing ? 0 : 1);
  const [currentForm] = Form.useForm<CurrentPhoneValues>();
  const [nextForm] = Form.useForm<NextPhoneValues>();

  const save = useMutation({
    mutationFn: (values: NextPhoneValues) =>
      modifyPhone({
        phone: values.phone.trim(),
        code: values.code.trim(),
        ...(changing ? { oldCode: currentForm.getFieldValue('oldCode')?.trim() } : {}),
      }),
    onSuccess: (_info, values) => {
      const phone = maskPhone(values.phone.trim());
      void message.success(t(changing ? 'selfInfo.phone.changed' : 'selfInfo.phone.bound', { phone }));
      onChanged(values.phone.trim());
    },
    onError: (error) => {
      // One form for the report; the failures go to the form (and step) they belong to.
      const router = {
        setFields(fields: FieldFailure[]) {
          const { current, next } = splitPhoneFailures(fields, t);
          if (current.length > 0) {
            currentForm.setFields(current as Parameters<typeof currentForm.setFields>[0]);
            setStep(0);
          }
          if (next.length > 0) nextForm.setFields(next as Parameters<typeof nextForm.setFields>[0]);
        },
      };
      reportFormFailure(error, router, (text) => void message.error(text), t);
    },
  });

  const goNext = async () => {
    try {
      await currentForm.validateFields();
      setStep(1);
    } catch {
      // The field shows what is missing.
    }
  };

  const footer =
    step === 0
      ? [
          <Button key="cancel" onClick={onClose}>
            {t('selfInfo.cancel')}
          </Button>,
          <Button key="next" type="primary" onClick={() => void goNext()} data-testid="phone-next">
            {t('selfInfo.phone.next')}
          </Button>,
        ]
      : [
          changing ? (
            <Button key="previous" onClick={() => setStep(0)}>
              {t('selfInfo.phone.previous')}
            </Button>
          ) : (
            <Button key="cancel" onClick={onClose}>
              {t('selfInfo.cancel')}
            </Button>
          ),
          <Button
            key="submit"
            type="primary"
            loading={save.isPending}
            onClick={() => nextForm.submit()}
            data-testid="phone-submit"
          >
            {t('selfInfo.phone.submit')}
          </Button>,
        ];

  return (
    <Modal
      open
      title={t(changing ? 'selfInfo.phone.modalChange' : 'selfInfo.phone.modalBind')}
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
      data-testid="phone-modal"
    >
      {changing ? (
        <Steps
          size="small"
          current={step}
          items={[{ title: t('selfInfo.phone.stepOld') }, { title: t('selfInfo.phone.stepNew') }]}
          style={{ marginBlock: 16 }}
        />
      ) : null}
      {/* Both forms stay mounted, so a send button's 60 s countdown survives going back and forth. */}
      <div hidden={step !== 0}>
        <Form<CurrentPhoneValues>
          form={currentForm}
          name="phone-current"
          layout="vertical"
          initialValues={{ phone: currentPhone, oldCode: '' }}
          onFinish={() => setStep(1)}
          data-testid="phone-current-form"
        >
          <Typography.Paragraph type="secondary">
            {t('selfInfo.phone.oldHint', { phone: maskPhone(currentPhone) })}
          </Typography.Paragraph>
          <Form.Item name="phone" hidden>
            <Input />
          </Form.Item>
          <Form.Item label={t('selfInfo.phone.oldCode')} htmlFor="phone-current_oldCode" required>
            <Space.Compact block>
              <Form.Item name="oldCode" rules={codeRules(t)} noStyle>
                <Input
                  prefix={<SafetyOutlined />}
                  placeholder={t('accounts.codePlaceholder')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={SMS_CODE_LENGTH}
                />
              </Form.Item>
              {changing ? <SendCodeButton purpose="change-phone-old" /> : null}
            </Space.Compact>
          </Form.Item>
        </Form>
      </div>
      <div hidden={step !== 1}>
        <Form<NextPhoneValues>
          form={nextForm}
          name="phone-next"
          layout="vertical"
          onFinish={(values) => save.mutate(values)}
          data-testid="phone-next-form"
        >
          <Typography.Paragraph type="secondary">{t('selfInfo.phone.newHint')}</Typography.Paragraph>
          <PhoneCodeFields purpose="bind-phone" formName="phone-next" />
        </Form>
      </div>
    </Modal>
  );
}
