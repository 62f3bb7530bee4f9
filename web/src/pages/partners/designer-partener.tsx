import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useT } from '../../locales/index.ts';
import { PartnerCompanies } from './PartnerCompanies.tsx';
import { PartnerDividends } from './PartnerDividends.tsx';
import { PartnerDynamics } from './PartnerDynamics.tsx';
import { fetchPartners, partnerKeys } from './partner-service.ts';

/**
 * 基本信息 › 设计师合伙人 (issue 4 item 8): the partner companies, the chosen company's
 * dividends (`?company=`) with totals and a chart by period, and the partners' news.
 */
export default function DesignerPartenerPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const partners = useQuery({ queryKey: partnerKeys.companies, queryFn: fetchPartners });
  const companies = partners.data?.dataList ?? [];
  const chosenId = Number(search.get('company'));
  const company = companies.find((c) => c.id === chosenId) ?? companies[0];

  if (partners.isError) {
    return <LoadFailed onRetry={partners.refetch} />;
  }
  if (!partners.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (!company) {
    return (
      <Card>
        <Empty description={t('partner.empty')} />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <PartnerCompanies
        companies={companies}
        selectedId={company.id}
        onSelect={(id) => setSearch(new URLSearchParams({ company: String(id) }))}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <PartnerDividends key={company.id} company={company} />
        </Col>
        <Col xs={24} xl={8}>
          <PartnerDynamics companies={companies} />
        </Col>
      </Row>
    </Flex>
  );
}
