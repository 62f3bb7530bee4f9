import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useT } from '../../locales/index.ts';
import { RecruitChannelChart } from './RecruitChannelChart.tsx';
import { RecruitLinks } from './RecruitLinks.tsx';
import { RecruitPoster } from './RecruitPoster.tsx';
import { RecruitSettingsForm } from './RecruitSettingsForm.tsx';
import { fetchRecruitment, recruitmentKeys } from './service.ts';

/** 粉丝管理 › 招募设置 (issue 7 item 7): the page's settings, its links and poster, and counts per channel. */
export default function FansRecruitPage() {
  const t = useT();
  const settings = useQuery({
    queryKey: recruitmentKeys.settings,
    queryFn: ({ signal }) => fetchRecruitment(signal),
  });
  if (settings.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.loadFailed')}
        action={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const data = settings.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('recruit.title')}
      </Typography.Title>
      {!data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Flex vertical gap={16}>
              <RecruitSettingsForm key={data.updatedAt} settings={data} />
              <RecruitChannelChart settings={data} />
            </Flex>
          </Col>
          <Col xs={24} xl={10}>
            <Flex vertical gap={16}>
              <RecruitPoster settings={data} />
              <RecruitLinks settings={data} />
            </Flex>
          </Col>
        </Row>
      )}
    </Flex>
  );
}
