import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Skeleton } from 'antd';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useT } from '../../locales/index.ts';
import { DesignerInformationForm } from './DesignerInformationForm.tsx';
import { fetchSelfInfo, selfInfoKey } from './designer-information-service.ts';
import { ProfileCompleteness } from './ProfileCompleteness.tsx';

/**
 * 基本信息 › 设计师信息 (设计师资料 for a newcomer): the designer's public profile. A newly
 * registered designer sees only this page until nickname and description are saved; then the
 * full menu appears without logging out (spec section 2).
 */
export default function DesignerInformationPage() {
  const t = useT();
  const info = useQuery({ queryKey: selfInfoKey, queryFn: fetchSelfInfo });

  if (info.isError) {
    return <LoadFailed onRetry={info.refetch} />;
  }
  if (!info.data) {
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 5 }} />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      {info.data.newly_register === 1 ? (
        <Alert
          type="info"
          showIcon
          title={t('accounts.designerInfo.newcomerTitle')}
          description={t('accounts.designerInfo.newcomerText')}
          data-testid="designer-info-newcomer"
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <DesignerInformationForm info={info.data} />
        </Col>
        <Col xs={24} lg={8}>
          <ProfileCompleteness info={info.data} />
        </Col>
      </Row>
    </Flex>
  );
}
