import { type PackRefreshMode, type PackRow, type RuleGroup, ruleSchema } from '@dc/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Radio, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf } from '../../request/index.ts';
import { PackCountBar } from './PackCountBar.tsx';
import { detailPathOf, LIST_PATH } from './paths.ts';
import { RuleGroupEditor } from './RuleGroupEditor.tsx';
import { errorsByNode } from './rule-errors.ts';
import { emptyRule } from './rule-tree.ts';
import { countPack, createPack, fetchPack, packKeys, updatePack } from './service.ts';
import { useDebounced } from './use-debounced.ts';

/** 编辑人群包: the visual rule builder with live counts (issue 8 items 1 and 3); `?id=` edits. */
export default function CrowdPackEditPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const detail = useQuery({
    queryKey: packKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchPack(id!, signal),
    enabled: id !== undefined,
  });
  if (id !== undefined && !detail.data) return <Skeleton active />;
  const pack = detail.data?.pack;
  return <RulePackEditor key={pack?.id ?? 'new'} pack={pack} />;
}

function RulePackEditor({ pack }: { pack: PackRow | undefined }) {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; refreshMode: PackRefreshMode }>();
  const [rule, setRule] = useState<RuleGroup>(pack?.rule ?? emptyRule());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const parsed = useMemo(() => ruleSchema.safeParse(rule), [rule]);
  const clientErrors = parsed.success ? {} : errorsByNode(parsed.error.issues, t('crowdPacks.live.invalid'));
  const settled = useDebounced(rule, 400);
  const settledValid = useMemo(() => ruleSchema.safeParse(settled).success, [settled]);
  const count = useQuery({
    queryKey: packKeys.count({ kind: 'rule', rule: settled }),
    queryFn: ({ signal }) => countPack({ kind: 'rule', rule: settled }, signal),
    enabled: settledValid,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const edit = (next: RuleGroup) => {
    setRule(next);
    setServerErrors({});
  };

  const save = useMutation({
    mutationFn: async (values: { name: string; refreshMode: PackRefreshMode }) => {
      const body = { kind: 'rule' as const, ...values, rule };
      return pack ? updatePack(pack.id, body) : createPack(body);
    },
    onSuccess: async (saved) => {
      message.success(t('crowdPacks.form.saved'));
      await queryClient.invalidateQueries({ queryKey: packKeys.all });
      navigate(detailPathOf(saved.id));
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      form.setFields(
        fields.filter((f) => f.name[0] === 'name').map((f) => ({ name: 'name', errors: f.errors })),
      );
      const ruleIssues = fields.filter((f) => f.name[0] === 'rule').map((f) => ({ path: f.name.join('.') }));
      setServerErrors(errorsByNode(ruleIssues, t('crowdPacks.live.invalid')));
      message.error(fields[0]?.errors[0] ?? t('crowdPacks.form.invalid'));
    },
  });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('crowdPacks.editRule')}
      </Typography.Title>
      <PackCountBar count={count.data} loading={count.isFetching} invalid={!parsed.success} />
      <Card>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: pack?.name ?? '', refreshMode: pack?.refreshMode ?? 'manual' }}
          onFinish={(values) => {
            if (!parsed.success) {
              message.error(t('crowdPacks.form.invalid'));
              return;
            }
            save.mutate(values);
          }}
        >
          <Flex gap={16} wrap>
            <Form.Item
              name="name"
              label={t('crowdPacks.form.name')}
              rules={[{ required: true, whitespace: true, message: t('crowdPacks.form.nameRequired') }]}
              style={{ minWidth: 280 }}
            >
              <Input maxLength={32} showCount placeholder={t('crowdPacks.form.namePlaceholder')} />
            </Form.Item>
            <Form.Item name="refreshMode" label={t('crowdPacks.form.refreshMode')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'manual', label: t('crowdPacks.refresh.manual') },
                  { value: 'daily', label: t('crowdPacks.refresh.daily') },
                ]}
              />
            </Form.Item>
          </Flex>
          <RuleGroupEditor
            rule={rule}
            address={[]}
            counts={count.data?.nodes}
            errors={{ ...clientErrors, ...serverErrors }}
            onChange={edit}
          />
          <Flex gap={8} justify="end" style={{ marginTop: 16 }}>
            <Button onClick={() => navigate(LIST_PATH)}>{t('crowdPacks.form.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('crowdPacks.form.save')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
