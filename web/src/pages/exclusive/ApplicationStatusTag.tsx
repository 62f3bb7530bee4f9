import { type ApplicationStatus, applicationStatusLabels } from '@dc/contract';
import { Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useLanguage } from '../../locales/index.ts';
import { applicationStatusColor } from './exclusive-labels.ts';

/** An exclusive-designer application's status as a coloured tag. */
export function ApplicationStatusTag({
  status,
  style,
}: {
  status: ApplicationStatus;
  style?: CSSProperties;
}) {
  const language = useLanguage((s) => s.language);
  return (
    <Tag color={applicationStatusColor[status]} style={style}>
      {applicationStatusLabels[status][language]}
    </Tag>
  );
}
