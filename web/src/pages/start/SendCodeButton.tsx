import type { SmsPurpose } from '@dc/contract';
import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { reportFormFailure, retryAfterOf } from '../../components/form-failure.ts';
import { useCountdown } from '../../components/use-countdown.ts';
import { useT } from '../../locales/index.ts';
import { sendCode } from './service.ts';

/**
 * "Send code" for the `phone` field of the surrounding form: checks the phone first, then counts
 * down the server's resend delay (60 s), or the wait a rate limit asks for.
 */
export function SendCodeButton({ purpose }: { purpose: SmsPurpose }) {
  const t = useT();
  const { message } = App.useApp();
  const form = Form.useFormInstance<{ phone?: string }>();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const phone = await form
      .validateFields(['phone'])
      .then((values) => values.phone ?? '')
      .catch(() => '');
    if (!phone) return;
    setSending(true);
    try {
      const answer = await sendCode(phone.trim(), purpose);
      countdown.start(answer.resendIn);
      void message.success(t('accounts.codeSent', { minutes: Math.round(answer.expiresIn / 60) }));
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait) countdown.start(wait);
      reportFormFailure(error, form, (text) => void message.error(text), t);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      onClick={() => void send()}
      loading={sending}
      disabled={countdown.running}
      style={{ minWidth: 128 }}
      data-testid="send-code"
    >
      {countdown.running
        ? t('accounts.resendIn', { seconds: countdown.secondsLeft })
        : t('accounts.sendCode')}
    </Button>
  );
}
