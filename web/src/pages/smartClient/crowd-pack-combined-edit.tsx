import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Combination, combinationSchema, type PackRow } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { PackEditForm, PackEditPage, type PackFormValues, usePackSave } from './PackEditFrame.tsx';
import { PackOverlapTable } from './PackOverlapTable.tsx';
import { countPack, fetchOverlap, fetchRulePacks, packKeys } from './service.ts';
import { useDebounced } from './use-debounced.ts';

/** 编辑组合人群包 (issue 8 items 2 and 3): include groups, exclude list, overlap, live count. */
export default function CrowdPackCombinedEditPage() {
  return <PackEditPage editor={CombinedPackEditor} />;
}

function CombinedPackEditor({ pack }: { pack: PackRow | undefined }) {
  const t = useT();
  const [form] = Form.useForm<PackFormValues>();
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
  const save = usePackSave({
    pack,
    form,
    bodyOf: (values) => ({ kind: 'combined', ...values, combination }),
  });
  const groupCount = (index: number) => count.data?.nodes[`combination.include.${index}`];

  return (
    <PackEditForm
      title={t('crowdPacks.editCombined')}
      pack={pack}
      form={form}
      count={count.data}
      counting={count.isFetching}
      valid={valid}
      saving={save.isPending}
      onSave={(values) => save.mutate(values)}
    >
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
    </PackEditForm>
  );
}
