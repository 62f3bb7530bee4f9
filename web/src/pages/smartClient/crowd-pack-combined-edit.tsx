import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Combination, combinationSchema, type PackRefreshMode, type PackRow } from '@dc/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Radio, Select, Skeleton, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { fieldErrorsOf } from '../../request/index.ts';
import { PackCountBar } from './PackCountBar.tsx';
import { PackOverlapTable } from './PackOverlapTable.tsx';
import { detailPathOf, LIST_PATH } from './paths.ts';
import {
  countPack,
  createPack,
  fetchOverlap,
  fetchPack,
  fetchRulePacks,
  packKeys,
  updatePack,
} from './service.ts';
import { useDebounced } from './use-debounced.ts';

/** 编辑组合人群包 (issue 8 items 2 and 3): include groups, exclude list, overlap, live count. */
export default function CrowdPackCombinedEditPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || undefined;
  const detail = useQuery({
    queryKey: packKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchPack(id!, signal),
    enabled: id !== undefined,
  });
  if (id !== undefined && !detail.data) return <Skeleton active />;
  const pack = detail.data?.pack;
  return <CombinedPackEditor key={pack?.id ?? 'new'} pack={pack} />;
}

function CombinedPackEditor({ pack }: { pack: PackRow | undefined }) {
  const t = useT();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; refreshMode: PackRefreshMode }>();
  const [combination, setCombination] = useState<Combination>(
    pack?.combination ?? { include: [[]], exclude: [] },
  );
  const rulePacks = useQuery({
    queryKey: packKeys.rulePacks,
    queryFn: ({ signal }) => fetchRulePacks(signal),
  });
  const options = (rulePacks.data?.dataList ?? []).map((p) => ({
    value: p.id,
    label: `${p.name} · ${t('crowdPacks.people', { count: p.size.toLocaleString() })}`,
  }));
  const valid = combinationSchema.safeParse(combination).success;
  const settled = useDebounced(combination, 400);
  const settledValid = useMemo(() => combinationSchema.safeParse(settled).success, [settled]);
  const count = useQuery({
    queryKey: packKeys.count({ kind: 'combined', combination: settled }),
    queryFn: ({ signal }) => countPack({ kind: 'combined', combination: settled }, signal),
    enabled: settledValid,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const chosen = [...new Set([...settled.include.flat(), ...settled.exclude])].slice(0, 12);
  const overlap = useQuery({
    queryKey: packKeys.overlap(chosen),
    queryFn: ({ signal }) => fetchOverlap(chosen, signal),
    enabled: chosen.length >= 2,
    placeholderData: keepPreviousData,
  });

  const setGroup = (index: number, ids: number[]) =>
    setCombination((c) => ({ ...c, include: c.include.map((g, i) => (i === index ? ids : g)) }));
  const save = useMutation({
    mutationFn: async (values: { name: string; refreshMode: PackRefreshMode }) => {
      const body = { kind: 'combined' as const, ...values, combination };
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
      message.error(fields[0]?.errors[0] ?? t('crowdPacks.form.invalid'));
    },
  });
  const groupCount = (index: number) => count.data?.nodes[`combination.include.${index}`];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('crowdPacks.editCombined')}
      </Typography.Title>
      <PackCountBar count={count.data} loading={count.isFetching} invalid={!valid} />
      <Card>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: pack?.name ?? '', refreshMode: pack?.refreshMode ?? 'manual' }}
          onFinish={(values) => (valid ? save.mutate(values) : message.error(t('crowdPacks.form.invalid')))}
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
          <Typography.Text strong>{t('crowdPacks.combined.include')}</Typography.Text>
          <Flex vertical gap={8} style={{ margin: '8px 0 16px' }}>
            {combination.include.map((group, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a group's identity is its position
              <Flex key={index} gap={8} align="center" data-testid="pack-include-group">
                <Tag>{t('crowdPacks.combined.group', { n: index + 1 })}</Tag>
                <Select<number[]>
                  mode="multiple"
                  style={{ flex: 1 }}
                  placeholder={t('crowdPacks.combined.pickPacks')}
                  optionFilterProp="label"
                  loading={rulePacks.isPending}
                  options={options}
                  value={group}
                  onChange={(ids) => setGroup(index, ids)}
                />
                <Tag color="purple">
                  {groupCount(index) === undefined
                    ? '—'
                    : t('crowdPacks.people', { count: groupCount(index)!.toLocaleString() })}
                </Tag>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('crowdPacks.group.remove')}
                  disabled={combination.include.length === 1}
                  onClick={() =>
                    setCombination((c) => ({ ...c, include: c.include.filter((_, i) => i !== index) }))
                  }
                />
              </Flex>
            ))}
            <Button
              icon={<PlusOutlined />}
              style={{ alignSelf: 'start' }}
              onClick={() => setCombination((c) => ({ ...c, include: [...c.include, []] }))}
            >
              {t('crowdPacks.combined.addGroup')}
            </Button>
          </Flex>
          <Typography.Text strong>{t('crowdPacks.combined.exclude')}</Typography.Text>
          <Flex gap={8} align="center" style={{ margin: '8px 0 16px' }}>
            <Select<number[]>
              mode="multiple"
              style={{ flex: 1 }}
              placeholder={t('crowdPacks.combined.pickPacks')}
              optionFilterProp="label"
              options={options}
              value={combination.exclude}
              onChange={(exclude) => setCombination((c) => ({ ...c, exclude }))}
              data-testid="pack-exclude"
            />
            <Tag color="red">
              {count.data?.nodes['combination.exclude'] === undefined
                ? '—'
                : t('crowdPacks.people', { count: count.data.nodes['combination.exclude'].toLocaleString() })}
            </Tag>
          </Flex>
          <Typography.Text strong>{t('crowdPacks.combined.overlap')}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <PackOverlapTable
              overlap={chosen.length >= 2 ? overlap.data : undefined}
              loading={overlap.isFetching}
            />
          </div>
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
