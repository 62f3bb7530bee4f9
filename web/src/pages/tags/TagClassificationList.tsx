import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TagClassification } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Flex, Menu, Popconfirm, Tooltip } from 'antd';
import { useT } from '../../locales/index.ts';
import { deleteClassification, tagKeys } from './service.ts';

export const ALL_CLASSIFICATIONS = 0;

/** The classification sidebar: pick one (or all), create, rename, delete an empty one. */
export function TagClassificationList({
  classifications,
  total,
  selected,
  onSelect,
  onEdit,
}: {
  classifications: TagClassification[];
  total: number;
  selected: number;
  onSelect(id: number): void;
  onEdit(classification: TagClassification | undefined): void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteClassification,
    onSuccess: async () => {
      void message.success(t('tags.classificationDeleted'));
      onSelect(ALL_CLASSIFICATIONS);
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
  const label = (name: string, count: number) => (
    <Flex justify="space-between" align="center" gap={8}>
      <span>{name}</span>
      <Badge count={count} showZero color="var(--ant-color-fill-secondary)" style={{ color: 'inherit' }} />
    </Flex>
  );
  const current = classifications.find((c) => c.id === selected);
  return (
    <Card
      title={t('tags.classifications')}
      size="small"
      extra={
        <Tooltip title={t('tags.addClassification')}>
          <Button
            type="text"
            size="small"
            icon={<PlusOutlined />}
            aria-label={t('tags.addClassification')}
            onClick={() => onEdit(undefined)}
          />
        </Tooltip>
      }
      actions={
        current
          ? [
              <Button
                key="rename"
                type="link"
                size="small"
                icon={<EditOutlined />}
                onClick={() => onEdit(current)}
              >
                {t('tags.renameClassification')}
              </Button>,
              <Popconfirm
                key="delete"
                title={t('tags.deleteClassificationConfirm', { name: current.name })}
                description={
                  current.tagCount > 0
                    ? t('tags.classificationNotEmpty', { count: current.tagCount })
                    : undefined
                }
                okButtonProps={{ danger: true, disabled: current.tagCount > 0, loading: remove.isPending }}
                okText={t('tags.delete')}
                cancelText={t('tags.cancel')}
                onConfirm={() => remove.mutateAsync(current.id)}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('tags.deleteClassification')}
                </Button>
              </Popconfirm>,
            ]
          : undefined
      }
      styles={{ body: { padding: 4 } }}
    >
      <Menu
        mode="inline"
        style={{ borderInlineEnd: 'none' }}
        selectedKeys={[String(selected)]}
        onClick={({ key }) => onSelect(Number(key))}
        items={[
          { key: String(ALL_CLASSIFICATIONS), label: label(t('tags.allClassifications'), total) },
          ...classifications.map((c) => ({ key: String(c.id), label: label(c.name, c.tagCount) })),
        ]}
      />
    </Card>
  );
}
