import { progressPercent } from '@dc/contract';
import { Flex, Progress, Typography } from 'antd';
import { useT } from '../../locales/index.ts';

/** A buyer's progress: a bar of completed ÷ lessons, with the counts beside it. */
export function CourseProgress({ done, total }: { done: number; total: number }) {
  const t = useT();
  const percent = progressPercent(done, total);
  return (
    <Flex vertical style={{ minWidth: 140 }}>
      <Progress
        percent={percent}
        aria-label={t('userCourse.progress', { done, total })}
        size="small"
        status={percent === 100 ? 'success' : 'normal'}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('userCourse.progress', { done, total })}
      </Typography.Text>
    </Flex>
  );
}
