import type { MemberItem } from '@dc/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { fetchMembers, membersKey, membersRootKey, unbindMember } from './self-information-service.ts';

const PAGE_SIZE = 10;

/** Platform users bound to this designer, newest first, each with "unbind" behind a confirmation. */
export function SelfInformationMembers() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: membersKey(page, PAGE_SIZE),
    queryFn: ({ signal }) => fetchMembers(page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });

  const unbind = useMutation({
    mutationFn: (member: MemberItem) => unbindMember(member.id),
    onSuccess: async (_answer, member) => {
      void message.success(t('selfInfo.members.unbound', { name: member.nickname }));
      // The last row of a page gone: show the page before it.
      if (list.data?.dataList.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: membersRootKey });
    },
  });

  const columns: TableColumnsType<MemberItem> = [
    {
      key: 'nickname',
      title: t('selfInfo.members.nickname'),
      render: (_, member) => (
        <Flex gap={8} align="center">
          <Avatar alt="" size="small" src={pictureAt(member.avatar, 160)}>
            {member.nickname.slice(0, 1)}
          </Avatar>
          <Typography.Text>{member.nickname}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'phone', dataIndex: 'phone', title: t('selfInfo.members.phone'), width: 160 },
    { key: 'boundAt', dataIndex: 'boundAt', title: t('selfInfo.members.boundAt'), width: 190 },
    {
      key: 'actions',
      title: t('selfInfo.members.actions'),
      width: 110,
      render: (_, member) => (
        <Popconfirm
          title={t('selfInfo.members.unbindConfirm', { name: member.nickname })}
          description={t('selfInfo.members.unbindDetail')}
          okText={t('selfInfo.members.unbind')}
          cancelText={t('selfInfo.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => unbind.mutateAsync(member)}
        >
          <Button color="danger" variant="link" size="small">
            {t('selfInfo.members.unbind')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      title={t('selfInfo.members.title')}
      extra={
        list.data ? (
          <Typography.Text type="secondary">
            {t('selfInfo.members.total', { count: list.data.totalNumber })}
          </Typography.Text>
        ) : null
      }
    >
      {list.isError ? (
        <LoadFailed onRetry={list.refetch} />
      ) : (
        <Table<MemberItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.dataList ?? []}
          loading={list.isFetching}
          data-testid="member-table"
          scroll={{ x: 560 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.totalNumber ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('selfInfo.members.empty')} />
            ),
          }}
        />
      )}
    </Card>
  );
}
