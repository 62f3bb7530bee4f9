import { useQuery } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton } from 'antd';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useT } from '../../locales/index.ts';
import { fetchSelfInfo, selfInfoKey } from './designer-information-service.ts';
import { SelfInformationAudit } from './SelfInformationAudit.tsx';
import { SelfInformationMembers } from './SelfInformationMembers.tsx';
import { SelfInformationPassword } from './SelfInformationPassword.tsx';
import { SelfInformationSecurity } from './SelfInformationSecurity.tsx';

/**
 * 基本信息 › 个人信息 (issue 4 item 6): the phone (bound or changed with codes to both phones),
 * the WeChat binding, the password, and the members bound to this designer.
 */
export default function SelfInformationPage() {
  const _t = useT();
  const info = useQuery({ queryKey: selfInfoKey, queryFn: fetchSelfInfo });

  if (info.isError) {
    return <LoadFailed onRetry={info.refetch} />;
  }
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          {info.data ? (
            <SelfInformationSecurity info={info.data} />
          ) : (
            <Card>
              <Skeleton active paragraph={{ rows: 5 }} />
            </Card>
          )}
        </Col>
        <Col xs={24} xl={10}>
          <SelfInformationPassword />
        </Col>
      </Row>
      <SelfInformationMembers />
      <SelfInformationAudit />
    </Flex>
  );
}
