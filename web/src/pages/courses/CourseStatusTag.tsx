import type { CourseStatus } from '@dc/contract';
import { Tag } from 'antd';
import { useT } from '../../locales/index.ts';

const COLORS: Record<CourseStatus, string> = { draft: 'default', on_sale: 'success', off_shelf: 'warning' };

/** 草稿 / 已上架 / 已下架. */
export function CourseStatusTag({ status }: { status: CourseStatus }) {
  const t = useT();
  return <Tag color={COLORS[status]}>{t(`course.status.${status}`)}</Tag>;
}
