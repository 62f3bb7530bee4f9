import type { Tag, TagClassification } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { ColorTag } from '../../components/ColorTag.tsx';
import { ONE_LINE } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import { deleteTag, fetchTagUsage, tagKeys } from './service.ts';

/** The tags of the chosen classification: colour chip, description, fans carrying it, actions. */
export function TagTable({
  tags,
  classifications,
  loading,
  onEdit,
  onMerge,
}: {
  tags: Tag[];
  classifications: TagClassification[];
  loading: boolean;
  onEdit(tag: Tag): void;
  onMerge(tag: Tag): void;
}) {
  const t = useT();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteTag,
    onSuccess: async () => {
      void message.success(t('tags.deleted'));
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
  // The warning counts the fans now, not when the page loaded.
  const confirmDelete = async (tag: Tag) => {
    const usage = await fetchTagUsage(tag.id);
    modal.confirm({
      title: t('tags.deleteTitle', { name: tag.name }),
      content:
        usage.fanCount > 0 ? t('tags.deleteWarning', { count: usage.fanCount }) : t('tags.deleteWarningNone'),
      okText: t('tags.delete'),
      okButtonProps: { danger: true },
      cancelText: t('tags.cancel'),
      onOk: () => remove.mutateAsync(tag.id),
    });
  };
  const classificationName = new Map(classifications.map((c) => [c.id, c.name]));
  const columns: TableColumnsType<Tag> = [
    {
      key: 'name',
      title: t('tags.column.name'),
      width: 120,
      render: (_, tag) => (
        <ColorTag color={tag.color} style={{ marginInlineEnd: 0 }}>
          {tag.name}
        </ColorTag>
      ),
    },
    {
      key: 'classification',
      title: t('tags.column.classification'),
      width: 100,
      ...ONE_LINE,
      render: (_, tag) => classificationName.get(tag.classificationId),
    },
    {
      key: 'description',
      title: t('tags.column.description'),
      render: (_, tag) => (
        <Typography.Text type="secondary" ellipsis={{ tooltip: tag.description }}>
          {tag.description || '—'}
        </Typography.Text>
      ),
    },
    {
      key: 'fans',
      title: t('tags.column.fans'),
      align: 'right',
      width: 90,
      sorter: (a, b) => a.fanCount - b.fanCount,
      render: (_, tag) => (
        <Link to={`/fans/fans-list?tagsAny=${tag.id}`}>{tag.fanCount.toLocaleString()}</Link>
      ),
    },
    { key: 'updated', dataIndex: 'updatedAt', title: t('tags.column.updated'), width: 160, ...ONE_LINE },
    {
      key: 'actions',
      title: t('tags.column.actions'),
      width: 170,
      render: (_, tag) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => onEdit(tag)}>
            {t('tags.edit')}
          </Button>
          <Button type="link" size="small" onClick={() => onMerge(tag)}>
            {t('tags.merge')}
          </Button>
          <Button type="link" size="small" danger onClick={() => void confirmDelete(tag)}>
            {t('tags.delete')}
          </Button>
        </Flex>
      ),
    },
  ];
  return (
    <Table<Tag>
      rowKey="id"
      size="middle"
      // The description takes what the fixed columns leave (at least 120 px); a phone scrolls.
      scroll={{ x: 760 }}
      data-testid="tag-table"
      columns={columns}
      dataSource={tags}
      loading={loading}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tags.empty')} /> }}
    />
  );
}
