import { ReadOutlined } from '@ant-design/icons';
import type { CourseItem } from '@dc/contract';
import { Avatar, Button, Flex, Image, Popconfirm, Rate, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { formatFen } from '../../components/money.ts';
import { pictureAt } from '../../components/pictures.ts';
import { DayCell } from '../../components/server-table/DayCell.tsx';
import { ONE_LINE, scrollToFit } from '../../components/server-table/fit-columns.ts';
import { type ServerListProps, ServerTable } from '../../components/server-table/ServerTable.tsx';
import { useLanguage, useT } from '../../locales/index.ts';
import { CourseStatusTag } from './CourseStatusTag.tsx';
import type { CourseListQuery } from './service.ts';
import { useCourseActions } from './use-course-actions.ts';

export interface CourseTableProps extends ServerListProps<CourseItem, CourseListQuery> {
  filtered: boolean;
  onEdit(id: number): void;
}

const SORTABLE = { createdAt: 'createdAt', students: 'students', revenue: 'sales', price: 'price' } as const;

function RowActions({ course, onEdit }: { course: CourseItem; onEdit(id: number): void }) {
  const t = useT();
  const { onSale, offShelf, remove } = useCourseActions();
  const confirm = (
    title: string,
    description: string,
    onConfirm: () => Promise<unknown>,
    label: string,
    danger = false,
  ) => (
    <Popconfirm
      title={title}
      description={description}
      okText={label}
      cancelText={t('course.cancel')}
      okButtonProps={{ danger }}
      onConfirm={onConfirm}
    >
      <Button color={danger ? 'danger' : 'primary'} variant="link" size="small">
        {label}
      </Button>
    </Popconfirm>
  );
  return (
    <Flex gap={4} wrap>
      <Button color="primary" variant="link" size="small" onClick={() => onEdit(course.id)}>
        {t('course.action.edit')}
      </Button>
      <Link to={`/detail/course-detail/${course.id}`}>
        <Button color="primary" variant="link" size="small">
          {t('course.action.detail')}
        </Button>
      </Link>
      {course.status === 'on_sale'
        ? confirm(
            t('course.confirm.offShelf'),
            t('course.confirm.offShelfDetail'),
            () => offShelf.mutateAsync(course.id),
            t('course.action.offShelf'),
          )
        : confirm(
            t('course.confirm.onSale'),
            t('course.confirm.onSaleDetail'),
            () => onSale.mutateAsync(course.id),
            t('course.action.onSale'),
          )}
      {course.status === 'draft' &&
        confirm(
          t('course.confirm.delete'),
          t('course.confirm.deleteDetail'),
          () => remove.mutateAsync(course.id),
          t('course.action.delete'),
          true,
        )}
    </Flex>
  );
}

/** The designer's courses: cover and title, status, prices, students, sales, rating, actions. */
export function CourseTable({ filtered, onEdit, ...list }: CourseTableProps) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const columns: TableColumnsType<CourseItem> = [
    {
      key: 'course',
      title: t('course.column.course'),
      width: 240,
      render: (_, course) => (
        <Flex gap={12} align="center">
          {course.coverUrl ? (
            <Image
              alt=""
              src={pictureAt(course.coverUrl, 160)}
              width={64}
              height={48}
              style={{ objectFit: 'cover', borderRadius: 4 }}
              preview={false}
            />
          ) : (
            <Avatar shape="square" size={48} icon={<ReadOutlined />} style={{ width: 64, flex: 'none' }} />
          )}
          <Flex vertical>
            <Link to={`/detail/course-detail/${course.id}`}>{course.title}</Link>
            <Typography.Text type="secondary">
              {t(`course.category.${course.category}`)} ·{' '}
              {t('course.lessonCount', { chapters: course.chapterCount, lessons: course.lessonCount })}
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('course.column.status'),
      width: 88,
      render: (_, course) => <CourseStatusTag status={course.status} />,
    },
    {
      key: 'price',
      title: t('course.column.price'),
      width: 104,
      ...ONE_LINE,
      render: (_, course) => (
        <Flex vertical>
          <span>¥{formatFen(course.price, language)}</span>
          {course.originalPrice > course.price && (
            <Typography.Text delete type="secondary">
              ¥{formatFen(course.originalPrice, language)}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'students',
      dataIndex: 'students',
      title: t('course.column.students'),
      width: 96,
    },
    {
      key: 'revenue',
      title: t('course.column.sales'),
      width: 112,
      ...ONE_LINE,
      render: (_, course) => `¥${formatFen(course.revenue, language)}`,
    },
    {
      key: 'rating',
      title: t('course.column.rating'),
      width: 150,
      render: (_, course) =>
        course.rating === null ? (
          <Typography.Text type="secondary">{t('course.noRating')}</Typography.Text>
        ) : (
          <Flex gap={6} align="center">
            <Rate disabled allowHalf value={Math.round(course.rating * 2) / 2} style={{ fontSize: 12 }} />
            <span>{course.rating.toFixed(1)}</span>
          </Flex>
        ),
    },
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('course.column.createdAt'),
      width: 112,
      render: (at: string) => <DayCell at={at} />,
    },
    {
      key: 'actions',
      title: t('course.column.actions'),
      width: 130,
      fixed: 'right',
      render: (_, course) => <RowActions course={course} onEdit={onEdit} />,
    },
  ];
  return (
    <ServerTable
      {...list}
      columns={columns}
      sortable={SORTABLE}
      defaultSort="createdAt"
      emptyText={filtered ? t('course.emptyFiltered') : t('course.empty')}
      totalText={(total) => t('course.total', { total })}
      rowKey="id"
      scroll={scrollToFit(columns)}
      size="middle"
      data-testid="course-table"
    />
  );
}
