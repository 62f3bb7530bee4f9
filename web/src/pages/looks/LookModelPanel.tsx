import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import type { LookModel } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { LookModelModal } from './LookModelModal.tsx';
import { assetName, bytesText } from './labels.ts';
import { deleteModel, fetchModels, lookKeys, updateModel } from './service.ts';

const STATUS_COLOR = { uploading: 'processing', ready: 'success', disabled: 'default' } as const;

/** 3D推荐 › 模型: the shipped models and the designer's uploads. */
export function LookModelPanel() {
  const t = useT();
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useQuery({ queryKey: lookKeys.models, queryFn: ({ signal }) => fetchModels(signal) });
  const [editing, setEditing] = useState<LookModel | null>(null);
  const [open, setOpen] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: lookKeys.all });
  const remove = useMutation({
    mutationFn: deleteModel,
    onSuccess: () => {
      message.success(t('looks.modelDeleted'));
      return refresh();
    },
  });
  const setStatus = useMutation({
    mutationFn: (model: LookModel) =>
      updateModel(model.id, {
        name: model.name,
        bodyType: model.bodyType,
        sizeLabel: model.sizeLabel,
        status: model.status === 'disabled' ? 'ready' : 'disabled',
      }),
    onSuccess: () => {
      message.success(t('looks.modelSaved'));
      return refresh();
    },
    onError: (error) => message.error(error instanceof Error ? error.message : String(error)),
  });

  const columns: ColumnsType<LookModel> = [
    {
      title: t('looks.modelColPoster'),
      key: 'poster',
      width: 72,
      render: (_, model) =>
        model.posterUrl ? (
          <img
            src={pictureAt(model.posterUrl, 160)}
            alt={model.name}
            style={{ height: 56, background: '#F2EFEA', borderRadius: 4 }}
          />
        ) : (
          <div style={{ width: 38, height: 56, background: '#F2EFEA', borderRadius: 4 }} />
        ),
    },
    {
      title: t('looks.modelColName'),
      key: 'name',
      render: (_, model) => (
        <Flex gap={6} align="center" wrap>
          <Typography.Text>{assetName(t, model)}</Typography.Text>
          {model.shipped && <Tag color="purple">{t('looks.shipped')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('looks.modelColBody'),
      key: 'body',
      render: (_, model) =>
        `${t(`looks.body.${model.bodyType}`)}${model.sizeLabel ? ` / ${model.sizeLabel}` : ''}`,
    },
    {
      title: t('looks.modelColStatus'),
      dataIndex: 'status',
      render: (status: LookModel['status']) => (
        <Tag color={STATUS_COLOR[status]}>{t(`looks.modelStatus.${status}`)}</Tag>
      ),
    },
    {
      title: t('looks.modelColTriangles'),
      dataIndex: 'triangleCount',
      align: 'right',
      render: (value: number) => value.toLocaleString(),
    },
    { title: t('looks.modelColSize'), dataIndex: 'byteSize', align: 'right', render: bytesText },
    {
      title: t('looks.modelColUse'),
      dataIndex: 'lookCount',
      render: (count: number) => (count > 0 ? t('looks.usedBy', { count }) : t('looks.notUsed')),
    },
    {
      title: t('looks.colActions'),
      key: 'actions',
      width: 220,
      render: (_, model) =>
        model.shipped ? null : (
          <Flex gap={4} wrap>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => {
                setEditing(model);
                setOpen(true);
              }}
            >
              {t('looks.edit')}
            </Button>
            {model.status !== 'uploading' && (
              <Button type="link" size="small" onClick={() => setStatus.mutate(model)}>
                {t(model.status === 'disabled' ? 'looks.modelEnable' : 'looks.modelDisable')}
              </Button>
            )}
            <Popconfirm
              title={t('looks.modelDeleteConfirm', { name: model.name })}
              description={model.lookCount > 0 ? t('looks.bgDeleteUsed') : t('looks.modelDeleteDetail')}
              okText={t('looks.delete')}
              okButtonProps={{ danger: true, disabled: model.lookCount > 0 }}
              cancelText={t('looks.cancel')}
              onConfirm={() => remove.mutateAsync(model.id)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('looks.delete')}
              </Button>
            </Popconfirm>
          </Flex>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button
          type="primary"
          icon={<UploadOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        >
          {t('looks.modelUpload')}
        </Button>
      </Flex>
      <Table<LookModel>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.dataList}
        loading={list.isPending}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('looks.modelEmpty')} /> }}
      />
      <LookModelModal
        open={open}
        editing={editing}
        onClose={() => setOpen(false)}
        onSaved={() => {
          setOpen(false);
          void refresh();
        }}
      />
    </Flex>
  );
}
