import { Button, Checkbox, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { agreeRules } from './field-rules.ts';

/** "I accept the terms" (registration needs it), with the terms one click away. */
export function TermsField() {
  const t = useT();
  const [reading, setReading] = useState(false);
  return (
    <>
      <Form.Item name="agree" valuePropName="checked" rules={agreeRules(t)}>
        <Checkbox>
          {t('accounts.agree')}{' '}
          <Typography.Link
            onClick={(event) => {
              // Reading the terms is not accepting them: the click must not tick the box.
              event.preventDefault();
              setReading(true);
            }}
          >
            {t('accounts.termsLink')}
          </Typography.Link>
        </Checkbox>
      </Form.Item>
      <Modal
        open={reading}
        title={t('accounts.terms.title')}
        onCancel={() => setReading(false)}
        footer={
          <Button type="primary" onClick={() => setReading(false)}>
            {t('accounts.terms.close')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('accounts.terms.use')}</Typography.Paragraph>
        <Typography.Paragraph>{t('accounts.terms.content')}</Typography.Paragraph>
        <Typography.Paragraph>{t('accounts.terms.privacy')}</Typography.Paragraph>
      </Modal>
    </>
  );
}
