import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { CourseUserTable } from './CourseUserTable.tsx';
import { courseKeys, fetchCourseOptions, fetchUserCourses, type UserCourseListQuery } from './service.ts';

const FIRST_PAGE: UserCourseListQuery = { page: 1, pageSize: 10, sortBy: 'boughtAt', order: 'desc' };

/** 用户课程: who bought which course, what they paid and how far they got. */
export default function UserCoursePage() {
  const t = useT();
  const [query, setQuery] = useState<UserCourseListQuery>(FIRST_PAGE);
  const list = useQuery({
    queryKey: courseKeys.userCourses(query),
    queryFn: ({ signal }) => fetchUserCourses(query, signal),
    placeholderData: keepPreviousData,
  });
  const courses = useQuery({ queryKey: courseKeys.options, queryFn: fetchCourseOptions });
  const filter = (change: Partial<UserCourseListQuery>) => setQuery({ ...query, ...change, page: 1 });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('userCourse.title')}
      </Typography.Title>
      <Card>
        <Flex vertical gap={16}>
          <Flex gap={8} wrap>
            <Input.Search
              allowClear
              style={{ width: 260 }}
              placeholder={t('userCourse.keyword')}
              aria-label={t('userCourse.keyword')}
              onSearch={(keyword) => filter({ keyword: keyword || undefined })}
            />
            <Select<number | 0>
              style={{ width: 220 }}
              aria-label={t('userCourse.allCourses')}
              value={query.courseId ?? 0}
              loading={courses.isPending}
              options={[
                { value: 0, label: t('userCourse.allCourses') },
                ...(courses.data?.dataList ?? []).map((course) => ({
                  value: course.id,
                  label: course.title,
                })),
              ]}
              onChange={(courseId) => filter({ courseId: courseId || undefined })}
            />
            <DatePicker.RangePicker
              aria-label={t('userCourse.column.boughtAt')}
              onChange={(range) =>
                filter({
                  from: range?.[0]?.format('YYYY-MM-DD') ?? undefined,
                  to: range?.[1]?.format('YYYY-MM-DD') ?? undefined,
                })
              }
            />
          </Flex>
          <CourseUserTable
            page={list.data}
            loading={list.isPending || list.isPlaceholderData}
            query={query}
            filtered={Boolean(query.keyword || query.courseId || query.from)}
            onQueryChange={setQuery}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
