import { PlusOutlined } from '@ant-design/icons';
import { type CourseCategory, type CourseStatus, courseCategories, courseStatuses } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { CourseEditor } from './CourseEditor.tsx';
import { CourseTable } from './CourseTable.tsx';
import { type CourseListQuery, courseKeys, fetchCourses } from './service.ts';

const FIRST_PAGE: CourseListQuery = { page: 1, pageSize: 10, sortBy: 'createdAt', order: 'desc' };

/** 设计师课程: the courses this designer sells, filtered and sorted; create, edit, sell. */
export default function DesignerCoursePage() {
  const t = useT();
  const [query, setQuery] = useState<CourseListQuery>(FIRST_PAGE);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = useQuery({
    queryKey: courseKeys.list(query),
    queryFn: ({ signal }) => fetchCourses(query, signal),
    placeholderData: keepPreviousData,
  });
  const filter = (change: Partial<CourseListQuery>) => setQuery({ ...query, ...change, page: 1 });
  const filtered = Boolean(query.status || query.category || query.keyword);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('course.title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('course.new')}
        </Button>
      </Flex>
      <Card>
        <Flex vertical gap={16}>
          <Flex gap={8} wrap>
            <Input.Search
              allowClear
              style={{ width: 260 }}
              placeholder={t('course.keyword')}
              aria-label={t('course.keyword')}
              onSearch={(keyword) => filter({ keyword: keyword || undefined })}
            />
            <Select<CourseStatus | ''>
              style={{ width: 160 }}
              aria-label={t('course.allStatuses')}
              value={query.status ?? ''}
              options={[
                { value: '', label: t('course.allStatuses') },
                ...courseStatuses.map((value) => ({ value, label: t(`course.status.${value}`) })),
              ]}
              onChange={(status) => filter({ status: status || undefined })}
            />
            <Select<CourseCategory | ''>
              style={{ width: 160 }}
              aria-label={t('course.allCategories')}
              value={query.category ?? ''}
              options={[
                { value: '', label: t('course.allCategories') },
                ...courseCategories.map((value) => ({ value, label: t(`course.category.${value}`) })),
              ]}
              onChange={(category) => filter({ category: category || undefined })}
            />
          </Flex>
          <CourseTable
            page={list.data}
            loading={list.isPending || list.isPlaceholderData}
            query={query}
            filtered={filtered}
            onQueryChange={setQuery}
            onEdit={setEditing}
          />
        </Flex>
      </Card>
      <CourseEditor target={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
