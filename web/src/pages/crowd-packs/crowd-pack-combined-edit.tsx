import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type Combination, combinationSchema, type PackRow } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useT } from '../../locales/index.ts';
import { editorNodes, finishedCombination } from './finished-part.ts';
import { PackEditForm, PackEditPage, type PackFormValues, usePackSave } from './PackEditFrame.tsx';
import { PackOverlapTable } from './PackOverlapTable.tsx';
import { COMBINED_NEW_PATH } from './paths.ts';
import { countPack, fetchOverlap, fetchRulePacks, packKeys } from './service.ts';
import { UnfinishedNote } from './UnfinishedNote.tsx';
import { useDebounced } from './use-debounced.ts';

/** 新建 / 编辑组合人群包 (issue 8 items 2 and 3): include groups, exclude list, overlap, live count. */
/**
 * A pack picker takes the row's room and at least 220 px: on a phone the group's count and its
 * delete button wrap under it instead of squeezing it to a few characters; minWidth 0 lets the
 * chosen packs wrap inside the select rather than widen the row.
 */
const PACK_SELECT_STYLE = { flex: '1 1 220px', minWidth: 0 } as const;

export default function CrowdPackCombinedEditPage() {
  return <PackEditPage editor={CombinedPackEditor} newPath={COMBINED_NEW_PATH} />;
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
  // An include group without packs yet is marked and left out of the count, not blanking it.
  const part = useMemo(() => finishedCombination(combination), [combination]);
  const settled = useDebounced(combination, 400);
  const settledPart = useMemo(() => finishedCombination(settled), [settled]);
  const countable = useMemo(
    () => settledPart.counted !== undefined && combinationSchema.safeParse(settledPart.counted).success,
    [settledPart],
  );
  const count = useQuery({
    queryKey: packKeys.count({ kind: 'combined', combination: settledPart.counted! }),
    queryFn: ({ signal }) => countPack({ kind: 'combined', combination: settledPart.counted! }, signal),
    enabled: countable,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const nodes = countable ? editorNodes(count.data?.nodes, settledPart.keyOf) : undefined;
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
  const groupCount = (index: number) => nodes?.[`combination.include.${index}`];

  return (
    <PackEditForm
      title={t(pack ? 'crowdPacks.editCombined' : 'crowdPacks.newCombinedTitle')}
      pack={pack}
      form={form}
      count={countable ? count.data : undefined}
      counting={countable && count.isFetching}
      unfinished={part.unfinished.length}
      unfinishedKind="groups"
      valid={valid}
      saving={save.isPending}
      onSave={(values) => save.mutate(values)}
    >
      <Typography.Text strong>{t('crowdPacks.combined.include')}</Typography.Text>
      <Flex vertical gap={8} style={{ margin: '8px 0 16px' }}>
        {combination.include.map((group, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a group's identity is its position
          <Flex key={index} vertical gap={4}>
            <Flex gap={8} align="center" wrap data-testid="pack-include-group">
              <Tag>{t('crowdPacks.combined.group', { n: index + 1 })}</Tag>
              <Select<number[]>
                mode="multiple"
                style={PACK_SELECT_STYLE}
                placeholder={t('crowdPacks.combined.pickPacks')}
                aria-label={`${t('crowdPacks.combined.include')} ${t('crowdPacks.combined.group', { n: index + 1 })}`}
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
            {group.length === 0 && <UnfinishedNote text={t('crowdPacks.live.unfinishedGroup')} />}
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
      <Flex gap={8} align="center" wrap style={{ margin: '8px 0 16px' }}>
        <Select<number[]>
          mode="multiple"
          style={PACK_SELECT_STYLE}
          placeholder={t('crowdPacks.combined.pickPacks')}
          aria-label={t('crowdPacks.combined.exclude')}
          optionFilterProp="label"
          options={options}
          value={combination.exclude}
          onChange={(exclude) => setCombination((c) => ({ ...c, exclude }))}
          data-testid="pack-exclude"
        />
        <Tag color="red">
          {nodes?.['combination.exclude'] === undefined
            ? '—'
            : t('crowdPacks.people', { count: nodes['combination.exclude'].toLocaleString() })}
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
