import { bankAccountSchema, fenToYuan, type WithdrawalBody, withdrawalBodySchema } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect } from 'react';
import { formatFen } from '../../components/money.ts';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { fieldErrorsOf } from '../../request/index.ts';
import { yuanTextToFen } from './money-input.ts';
import { fetchWithdrawalAccount, requestWithdrawal, vaultKeys } from './service.ts';

interface FormValues {
  amount: string;
  accountChoice: 'default' | 'other';
  bankAccount?: { bankName: string; accountName: string; accountNumber: string };
}

export interface WithdrawalModalProps {
  open: boolean;
  available: number;
  onClose(): void;
}

/**
 * Asks for an amount (yuan, checked against the available balance and the contract's limits)
 * and the account: the exclusive application's bank card, or another one entered. Confirms
 * before submitting; a server 40000 shows on its field.
 */
export function WithdrawalModal({ open, available, onClose }: WithdrawalModalProps) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: vaultKeys.account, queryFn: fetchWithdrawalAccount, enabled: open });
  const defaultAccount = account.data?.bankAccount ?? null;
  const choice = Form.useWatch('accountChoice', form) ?? (defaultAccount ? 'default' : 'other');
  // The account arrives after the form is built: preselect it unless the designer chose already.
  useEffect(() => {
    if (defaultAccount && !form.isFieldTouched('accountChoice'))
      form.setFieldValue('accountChoice', 'default');
  }, [defaultAccount, form]);
  const submit = useMutation({
    mutationFn: (body: WithdrawalBody) => requestWithdrawal(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: vaultKeys.all });
      form.resetFields();
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error).map((field) =>
        Array.isArray(field.name) && field.name.length === 1 && field.name[0] === 'bankAccount'
          ? { ...field, name: 'accountChoice' as const }
          : field,
      );
      if (fields.length > 0) form.setFields(fields);
    },
  });

  const amountRule = {
    async validator(_rule: unknown, value: unknown) {
      if (value === undefined || value === null || value === '')
        throw new Error(t('vault.withdraw.required'));
      const fen = yuanTextToFen(value as string);
      if (fen === undefined || !withdrawalBodySchema.shape.amount.safeParse(fen).success || fen > available)
        throw new Error(t('vault.withdraw.amountInvalid'));
    },
  };
  const required = { required: true, message: t('vault.withdraw.required') };

  const onFinish = (values: FormValues) => {
    const amount = yuanTextToFen(values.amount)!;
    const bankAccount = values.accountChoice === 'other' || !defaultAccount ? values.bankAccount : undefined;
    const shown = bankAccount ?? defaultAccount;
    modal.confirm({
      title: t('vault.withdraw.title'),
      content: t('vault.withdraw.confirm', {
        amount: fenToYuan(amount),
        bank: shown?.bankName ?? '',
        last4: shown?.accountNumber.slice(-4) ?? '',
      }),
      onOk: async () => {
        const answer = await submit
          .mutateAsync({ amount, ...(bankAccount ? { bankAccount } : {}) })
          .catch(() => null);
        if (answer) void message.success(t('vault.withdraw.submit'));
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('vault.withdraw.title')}
      okText={t('vault.withdraw.submit')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={submit.isPending}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">
        {t('vault.withdraw.available', { amount: formatFen(available, language) })}
      </Typography.Paragraph>
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ accountChoice: defaultAccount ? 'default' : 'other' }}
      >
        <Form.Item name="amount" label={t('vault.withdraw.amount')} rules={[amountRule]} required>
          <Input inputMode="decimal" prefix="¥" autoComplete="off" />
        </Form.Item>
        <Form.Item name="accountChoice" label={t('vault.withdraw.account')}>
          <Radio.Group>
            {defaultAccount ? (
              <Radio value="default">
                {t('vault.withdraw.useDefault', {
                  bank: defaultAccount.bankName,
                  number: `**** ${defaultAccount.accountNumber.slice(-4)}`,
                })}
              </Radio>
            ) : (
              <Typography.Text type="secondary">{t('vault.withdraw.noDefault')}</Typography.Text>
            )}
            <Radio value="other">{t('vault.withdraw.enterAccount')}</Radio>
          </Radio.Group>
        </Form.Item>
        {(choice === 'other' || !defaultAccount) && (
          <>
            <Form.Item
              name={['bankAccount', 'bankName']}
              label={t('vault.withdraw.bankName')}
              rules={[required, zodFieldRule(bankAccountSchema.shape.bankName, t('vault.withdraw.required'))]}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name={['bankAccount', 'accountName']}
              label={t('vault.withdraw.accountName')}
              rules={[
                required,
                zodFieldRule(bankAccountSchema.shape.accountName, t('vault.withdraw.required')),
              ]}
            >
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item
              name={['bankAccount', 'accountNumber']}
              label={t('vault.withdraw.accountNumber')}
              rules={[
                required,
                zodFieldRule(bankAccountSchema.shape.accountNumber, t('vault.withdraw.accountNumberInvalid')),
              ]}
            >
              <Input inputMode="numeric" maxLength={30} autoComplete="off" />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
