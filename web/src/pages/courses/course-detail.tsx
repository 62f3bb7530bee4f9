import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Flex, Image, Result, Row, Skeleton, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackButton, DetailHeader } from '../../components/DetailHeader.tsx';
import { formatFen } from '../../components/money.ts';
import { pictureAt } from '../../components/pictures.ts';
import { useLanguage, useT } from '../../locales/index.ts';
import { CourseLessonList } from './CourseLessonList.tsx';
import { CourseSalesTrend } from './CourseSalesTrend.tsx';
import { CourseStatusTag } from './CourseStatusTag.tsx';
import { CourseUserTable } from './CourseUserTable.tsx';
import { courseKeys, fetchCourse, fetchUserCourses, type UserCourseListQuery } from './service.ts';

/** 课程详情 `/detail/course-detail/:course_id`: lessons, students with progress, sales trend. */
export default function CourseDetailPage() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const courseId = Number(useParams().course_id);
  const valid = Number.isInteger(courseId) && courseId > 0;
  const course = useQuery({
    queryKey: courseKeys.detail(courseId),
    queryFn: ({ signal }) => fetchCourse(courseId, signal),
    enabled: valid,
    retry: false,
  });
  const [students, setStudents] = useState<UserCourseListQuery>({
    page: 1,
    pageSize: 10,
    sortBy: 'boughtAt',
    order: 'desc',
    courseId,
  });
  const studentList = useQuery({
    queryKey: courseKeys.userCourses({ ...students, courseId }),
    queryFn: ({ signal }) => fetchUserCourses({ ...students, courseId }, signal),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  if (!valid || course.isError)
    return <Result status="404" title={t('course.detail.notFound')} extra={<BackButton />} />;
  if (!course.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const data = course.data;
  return (
    <Flex vertical gap={16}>
      <DetailHeader title={data.title} tags={<CourseStatusTag status={data.status} />} />
      <Row gutter={[16, 16]}>
        {[
          { title: t('course.column.students'), value: String(data.students) },
          { title: t('course.column.sales'), value: `¥${formatFen(data.revenue, language)}` },
          { title: t('course.column.rating'), value: data.rating === null ? '-' : data.rating.toFixed(1) },
          { title: t('course.column.lessons'), value: String(data.lessonCount) },
        ].map((item) => (
          <Col key={item.title} xs={12} md={6}>
            <Card>
              <Statistic title={item.title} value={item.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={t('course.detail.info')}>
        <Flex gap={24} wrap>
          {data.coverUrl && (
            <Image
              src={pictureAt(data.coverUrl, 480)}
              preview={{ src: pictureAt(data.coverUrl, 1280) }}
              alt={t('image.coverOf', { name: data.title })}
              width={200}
              style={{ borderRadius: 8 }}
            />
          )}
          <Descriptions column={{ xs: 1, md: 2 }} style={{ flex: 1, minWidth: 280 }}>
            <Descriptions.Item label={t('course.field.category')}>
              {t(`course.category.${data.category}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('course.column.price')}>
              ¥{formatFen(data.price, language)}
              {data.originalPrice > data.price && (
                <Typography.Text delete type="secondary" style={{ marginInlineStart: 8 }}>
                  ¥{formatFen(data.originalPrice, language)}
                </Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('course.column.createdAt')}>{data.createdAt}</Descriptions.Item>
            <Descriptions.Item label={t('course.field.summary')} span={2}>
              {data.summary}
            </Descriptions.Item>
          </Descriptions>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <CourseSalesTrend courseId={courseId} />
        </Col>
        <Col xs={24} xl={10}>
          <CourseLessonList chapters={data.chapters} />
        </Col>
      </Row>
      <Card title={t('course.detail.students')}>
        <CourseUserTable
          page={studentList.data}
          loading={studentList.isPending || studentList.isPlaceholderData}
          query={students}
          filtered={false}
          hideCourse
          onQueryChange={setStudents}
        />
      </Card>
    </Flex>
  );
}
