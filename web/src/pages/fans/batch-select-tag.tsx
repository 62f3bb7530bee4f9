import { ArrowLeftOutlined } from '@ant-design/icons';
import { type FanBatchTagAnswer, TAGS_PER_FAN_MAX } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Form, Progress, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import { tagKeys } from '../tags/service.ts';
import { FanTagSelect } from './FanTagSelect.tsx';
import { selectionSize, useFanSelection } from './fan-selection-store.ts';
import { batchTagFans, fanKeys } from './service.ts';

interface Values {
  addTagIds?: number[];
  removeTagIds?: number[];
}

/**
 * While the one request runs, the bar creeps towards 90% (the server does the whole selection in
 * one set-based transaction, so there is no true fraction to report), then jumps to 100%.
 */
function useCreepingPercent(running: boolean): number {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (!running) return;
    setPercent(5);
    const timer = setInterval(() => setPercent((p) => (p < 90 ? p + Math.max(1, (90 - p) / 10) : p)), 200);
    return () => clearInterval(timer);
  }, [running]);
  return Math.round(percent);
}

/** 粉丝管理 › 批量标签管理 (issue 7 item 5): add/remove tags on the selection in one operation. */
export default function BatchSelectTagPage() {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { selection, clear } = useFanSelection();
  const [result, setResult] = useState<FanBatchTagAnswer | null>(null);
  const run = useMutation({
    mutationFn: (values: Values) =>
      batchTagFans({
        selection:
          selection.kind === 'ids'
            ? { kind: 'ids', fanIds: selection.fanIds }
            : { kind: 'filter', filter: selection.filter },
        addTagIds: values.addTagIds ?? [],
        removeTagIds: values.removeTagIds ?? [],
      }),
    onSuccess: async (answer) => {
      setResult(answer);
      clear();
      await queryClient.invalidateQueries({ queryKey: fanKeys.all });
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
    onError: (error) => {
      const fields = fieldErrorsOf<Parameters<typeof form.setFields>[0][number]>(error).filter((f) =>
        ['addTagIds', 'removeTagIds'].includes(String((f.name as string[])[0])),
      );
      if (fields.length > 0) form.setFields(fields);
      else if (isApiRequestError(error)) void message.error(error.msg || t('fans.batch.failed'));
    },
  });
  const percent = useCreepingPercent(run.isPending);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/fans/fans-list')}>
      {t('fans.batch.backToList')}
    </Button>
  );

  if (result) {
    return (
      <Card>
        <Result
          status="success"
          title={t('fans.batch.done', {
            matched: result.matched.toLocaleString(),
            added: result.added.toLocaleString(),
            removed: result.removed.toLocaleString(),
          })}
          subTitle={
            result.skippedAtLimit > 0
              ? t('fans.batch.skipped', {
                  count: result.skippedAtLimit.toLocaleString(),
                  max: TAGS_PER_FAN_MAX,
                })
              : undefined
          }
          extra={
            <Flex vertical gap={16} align="center">
              <Progress
                percent={100}
                aria-label={t('fans.batch.title')}
                status="success"
                style={{ width: 360 }}
                data-testid="batch-progress"
              />
              {back}
            </Flex>
          }
        />
      </Card>
    );
  }
  const size = selectionSize(selection);
  if (size === 0) {
    return (
      <Card>
        <Empty description={t('fans.batch.none')}>
          <Button type="primary" onClick={() => navigate('/fans/fans-list')}>
            {t('fans.batch.toList')}
          </Button>
        </Empty>
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('fans.batch.title')}
        </Typography.Title>
        {back}
      </Flex>
      <Card>
        <Flex vertical gap={16} style={{ maxWidth: 640 }}>
          <Typography.Text strong data-testid="batch-selection">
            {selection.kind === 'ids'
              ? t('fans.batch.selectedIds', { count: size.toLocaleString() })
              : t('fans.batch.selectedFilter', { count: size.toLocaleString() })}
          </Typography.Text>
          <Alert type="info" showIcon title={t('fans.batch.limitHint', { max: TAGS_PER_FAN_MAX })} />
          <Form<Values>
            form={form}
            layout="vertical"
            disabled={run.isPending}
            onFinish={(values) => {
              if (!values.addTagIds?.length && !values.removeTagIds?.length) {
                form.setFields([{ name: 'addTagIds', errors: [t('fans.batch.nothing')] }]);
                return;
              }
              run.mutate(values);
            }}
          >
            <Form.Item name="addTagIds" label={t('fans.batch.add')}>
              <FanTagSelect placeholder={t('fans.batch.tagsPlaceholder')} aria-label={t('fans.batch.add')} />
            </Form.Item>
            <Form.Item name="removeTagIds" label={t('fans.batch.remove')}>
              <FanTagSelect
                placeholder={t('fans.batch.tagsPlaceholder')}
                aria-label={t('fans.batch.remove')}
              />
            </Form.Item>
            {run.isPending && (
              <Flex vertical gap={4}>
                <Typography.Text type="secondary">{t('fans.batch.running')}</Typography.Text>
                <Progress percent={percent} status="active" data-testid="batch-progress" />
              </Flex>
            )}
            <Button type="primary" htmlType="submit" loading={run.isPending}>
              {t('fans.batch.submit')}
            </Button>
          </Form>
        </Flex>
      </Card>
    </Flex>
  );
}
