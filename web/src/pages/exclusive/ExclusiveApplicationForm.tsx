import {
  APPLICANT_NAME_MAX,
  type ApplysubDetail,
  type ApplysubInfo,
  BANK_BRANCH_MAX,
  exclusiveApplicationBodySchema,
  type IdType,
  idNumberProblem,
} from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Divider, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { reportFormFailure } from '../../components/form-failure.ts';
import { zodFieldRule } from '../../components/zod-rule.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { ExclusiveBankRegion } from './ExclusiveBankRegion.tsx';
import { ExclusiveBankSelect } from './ExclusiveBankSelect.tsx';
import { ExclusivePortfolioField } from './ExclusivePortfolioField.tsx';
import {
  type ApplicationFormValues,
  applicationBodyOf,
  applicationFormValuesOf,
  pictureTypesLabel,
  portfolioOnOneField,
} from './exclusive-application-form.ts';
import { exclusiveKeys, submitApplication } from './exclusive-service.ts';

const fields = exclusiveApplicationBodySchema.shape;

/**
 * The application: identity, bank account, portfolio and statement, checked with the contract's
 * schema. Read-only while pending or approved; prefilled with the rejected application so it
 * can be corrected and sent again.
 */
export function ExclusiveApplicationForm({ info, detail }: { info: ApplysubInfo; detail: ApplysubDetail }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ApplicationFormValues>();
  const readOnly = !detail.canSubmit;
  const resubmit = detail.current?.status === 'rejected';

  const submit = useMutation({
    mutationFn: (values: ApplicationFormValues) =>
      submitApplication(applicationBodyOf(detail.provider.id, values)),
    onSuccess: async () => {
      void message.success(t('exclusive.form.submitted'));
      await queryClient.invalidateQueries({ queryKey: exclusiveKeys.all });
    },
    onError: (error) =>
      reportFormFailure(
        error,
        {
          // A refused piece (`portfolio.N`) is shown on the portfolio, the field the form has.
          setFields: (fields: Parameters<typeof form.setFields>[0]) =>
            form.setFields(
              portfolioOnOneField(fields, (index) => t('exclusive.form.portfolioRejected', { index })),
            ),
        },
        (text) => void message.error(text),
        t,
      ),
  });

  const tooLong = (max: number) => t('exclusive.form.tooLong', { max });
  return (
    <Card>
      <Form<ApplicationFormValues>
        form={form}
        name="exclusiveApplication"
        layout="vertical"
        disabled={readOnly || submit.isPending}
        style={{ maxWidth: 760 }}
        initialValues={applicationFormValuesOf(info.prefill, detail.current)}
        onFinish={(values) => submit.mutate(values)}
        data-testid="application-form"
        data-readonly={readOnly ? 'true' : 'false'}
      >
        <Divider titlePlacement="start" style={{ marginTop: 0 }}>
          {t('exclusive.form.identity')}
        </Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="realName"
              label={t('exclusive.form.realName')}
              rules={[
                { required: true, whitespace: true, message: t('exclusive.form.realNameRequired') },
                zodFieldRule(fields.realName, tooLong(APPLICANT_NAME_MAX)),
              ]}
            >
              <Input maxLength={APPLICANT_NAME_MAX} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="phone"
              label={t('exclusive.form.phone')}
              rules={[
                { required: true, whitespace: true, message: t('exclusive.form.phoneRequired') },
                zodFieldRule(fields.phone, t('exclusive.form.phoneInvalid')),
              ]}
            >
              <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="idType" label={t('exclusive.form.idType')} rules={[{ required: true }]}>
              <Select
                options={info.idTypes.map((option) => ({
                  value: option.value,
                  label: option.label[language],
                }))}
                onChange={() => void form.validateFields(['idNumber']).catch(() => undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="idNumber"
              label={t('exclusive.form.idNumber')}
              dependencies={['idType']}
              rules={[
                { required: true, whitespace: true, message: t('exclusive.form.idNumberRequired') },
                ({ getFieldValue }) => ({
                  async validator(_rule, value: unknown) {
                    if (typeof value !== 'string' || value.trim() === '') return;
                    const idType = getFieldValue('idType') as IdType;
                    if (idNumberProblem(idType, value.trim().toUpperCase())) {
                      throw new Error(t('exclusive.form.idNumberInvalid'));
                    }
                  },
                }),
              ]}
            >
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('exclusive.form.bank')}</Divider>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="bankCode"
              label={t('exclusive.form.bankCode')}
              rules={[{ required: true, message: t('exclusive.form.bankRequired') }]}
            >
              <ExclusiveBankSelect disabled={readOnly} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="bankBranch"
              label={t('exclusive.form.bankBranch')}
              rules={[
                { required: true, whitespace: true, message: t('exclusive.form.bankBranchRequired') },
                zodFieldRule(fields.bankBranch, tooLong(BANK_BRANCH_MAX)),
              ]}
            >
              <Input maxLength={BANK_BRANCH_MAX} placeholder={t('exclusive.form.bankBranchPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
        <ExclusiveBankRegion form={form} disabled={readOnly} />
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="accountName"
              label={t('exclusive.form.accountName')}
              extra={t('exclusive.form.accountNameHelp')}
              dependencies={['realName']}
              rules={[
                { required: true, whitespace: true, message: t('exclusive.form.accountNameRequired') },
                ({ getFieldValue }) => ({
                  async validator(_rule, value: unknown) {
                    if (typeof value !== 'string' || value.trim() === '') return;
                    const realName = String(getFieldValue('realName') ?? '').trim();
                    if (realName && value.trim() !== realName) {
                      throw new Error(t('exclusive.form.accountNameMismatch'));
                    }
                  },
                }),
              ]}
            >
              <Input maxLength={APPLICANT_NAME_MAX} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="accountNumber"
              label={t('exclusive.form.accountNumber')}
              rules={[
                { required: true, whitespace: true, message: t('exclusive.form.accountNumberRequired') },
                zodFieldRule(fields.accountNumber, t('exclusive.form.accountNumberInvalid')),
              ]}
            >
              <Input maxLength={40} inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('exclusive.form.portfolio')}</Divider>
        <Typography.Paragraph type="secondary">
          {t('exclusive.form.portfolioHelp', {
            min: info.portfolio.min,
            max: info.portfolio.max,
            types: pictureTypesLabel(info.portfolio.accept),
            maxMb: info.portfolio.maxSizeMb,
          })}
        </Typography.Paragraph>
        <ExclusivePortfolioField limits={info.portfolio} disabled={readOnly} />

        <Form.Item
          name="statement"
          label={t('exclusive.form.statement')}
          rules={[
            { required: true, whitespace: true, message: t('exclusive.form.statementRequired') },
            zodFieldRule(
              fields.statement,
              t('exclusive.form.statementLength', { min: info.statement.min, max: info.statement.max }),
            ),
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={info.statement.max}
            showCount
            placeholder={t('exclusive.form.statementPlaceholder')}
          />
        </Form.Item>

        {readOnly ? (
          <Typography.Text type="secondary">{t('exclusive.form.readOnly')}</Typography.Text>
        ) : (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              {resubmit ? t('exclusive.form.resubmit') : t('exclusive.form.submit')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
