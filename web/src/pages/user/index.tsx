import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { designerInfoKey, fetchDesignerInfo } from '../../api/designer-info.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useT } from '../../locales/index.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { ProfileForm } from './ProfileForm.tsx';

/** 个人中心: the signed-in designer's own info, and a form to change nickname and avatar. */
export default function PersonalCenterPage() {
  const t = useT();
  const info = useQuery({ queryKey: designerInfoKey, queryFn: fetchDesignerInfo });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('user.title')}
      </Typography.Title>
      {info.isError ? (
        <LoadFailed onRetry={info.refetch} />
      ) : info.data ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={9}>
            <ProfileCard designer={info.data} />
          </Col>
          <Col xs={24} lg={15}>
            <ProfileForm designer={info.data} />
          </Col>
        </Row>
      ) : (
        <Card>
          <Skeleton active avatar paragraph={{ rows: 4 }} />
        </Card>
      )}
    </Flex>
  );
}
