import type { UserCourseItem } from '@dc/contract';
import { Avatar, Flex, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { pictureAt } from '../../components/pictures.ts';
import { type ServerListProps, ServerTable } from '../../components/server-table/ServerTable.tsx';
import { useLanguage, useT } from '../../locales/index.ts';
import { CourseProgress } from './CourseProgress.tsx';
import type { UserCourseListQuery } from './service.ts';

export interface CourseUserTableProps extends ServerListProps<UserCourseItem, UserCourseListQuery> {
  filtered: boolean;
  /** Inside a course's detail the course column says nothing new. */
  hideCourse?: boolean;
}

const SORTABLE = {
  boughtAt: 'boughtAt',
  lastStudiedAt: 'lastStudiedAt',
  pricePaid: 'pricePaid',
  progress: 'progress',
} as const;

/** Purchases with buyer, course, price paid, progress bar, bought and last studied. */
export function CourseUserTable({ filtered, hideCourse, ...list }: CourseUserTableProps) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const columns: TableColumnsType<UserCourseItem> = [
    {
      key: 'buyer',
      title: t('userCourse.column.buyer'),
      render: (_, row) => (
        <Flex gap={8} align="center">
          <Avatar alt="" src={pictureAt(row.buyer.avatar, 160)}>
            {row.buyer.nickname.slice(0, 1)}
          </Avatar>
          <Flex vertical>
            <span>{row.buyer.nickname}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.buyer.phone}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    ...(hideCourse
      ? []
      : [
          {
            key: 'course',
            title: t('userCourse.column.course'),
            render: (_: unknown, row: UserCourseItem) => (
              <Link to={`/detail/course-detail/${row.course.id}`}>{row.course.title}</Link>
            ),
          },
        ]),
    {
      key: 'pricePaid',
      title: t('userCourse.column.pricePaid'),
      width: 120,
      render: (_, row) => `¥${formatFen(row.pricePaid, language)}`,
    },
    {
      key: 'progress',
      title: t('userCourse.column.progress'),
      width: 200,
      render: (_, row) => <CourseProgress done={row.lessonsCompleted} total={row.lessonCount} />,
    },
    {
      key: 'boughtAt',
      dataIndex: 'boughtAt',
      title: t('userCourse.column.boughtAt'),
      width: 170,
    },
    {
      key: 'lastStudiedAt',
      title: t('userCourse.column.lastStudiedAt'),
      width: 170,
      render: (_, row) =>
        row.lastStudiedAt ?? (
          <Typography.Text type="secondary">{t('userCourse.neverStudied')}</Typography.Text>
        ),
    },
  ];
  return (
    <ServerTable
      {...list}
      columns={columns}
      sortable={SORTABLE}
      defaultSort="boughtAt"
      emptyText={filtered ? t('userCourse.emptyFiltered') : t('userCourse.empty')}
      totalText={(total) => t('userCourse.total', { total })}
      rowKey="id"
      scroll={{ x: 900 }}
      data-testid="user-course-table"
    />
  );
}
