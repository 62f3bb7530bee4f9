import { formatRatio, type PartnerCompany } from '@dc/contract';
import { Avatar, Card, Col, Flex, Row, Statistic, Tag, Typography, theme } from 'antd';
import { formatFen } from '../../components/money.ts';
import { pictureAt } from '../../components/pictures.ts';
import { useLanguage, useT } from '../../locales/index.ts';

/** A card per partner company; the chosen one (whose dividends show below) is outlined. */
export function PartnerCompanies({
  companies,
  selectedId,
  onSelect,
}: {
  companies: PartnerCompany[];
  selectedId: number;
  onSelect: (id: number) => void;
}) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 16]}>
      {companies.map((company) => {
        const selected = company.id === selectedId;
        return (
          <Col key={company.id} xs={24} md={12} xl={8}>
            <Card
              hoverable
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              // Named by what it shows (its name first), so the name a voice user reads out
              // works (WCAG 2.5.3); the title says what a press does.
              title={t('partner.select', { name: company.name })}
              data-testid="partner-company"
              onClick={() => onSelect(company.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onSelect(company.id);
                }
              }}
              style={{
                height: '100%',
                borderColor: selected ? token.colorPrimary : undefined,
                boxShadow: selected ? `0 0 0 1px ${token.colorPrimary}` : undefined,
              }}
            >
              <Flex gap={12} align="flex-start">
                <Avatar shape="square" size={44} src={pictureAt(company.logo, 160)} alt="">
                  {company.name.slice(0, 1)}
                </Avatar>
                <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Flex gap={8} align="center" wrap>
                    <Typography.Text strong>{company.name}</Typography.Text>
                    <Tag color={company.status === 'active' ? 'success' : 'default'} style={{ margin: 0 }}>
                      {t(company.status === 'active' ? 'partner.status.active' : 'partner.status.exited')}
                    </Tag>
                  </Flex>
                  <Typography.Text type="secondary">
                    {company.industry} · {t('partner.joinedAt')} {company.joinedAt}
                  </Typography.Text>
                </Flex>
              </Flex>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '12px 0' }}>
                {company.description}
              </Typography.Paragraph>
              <Row gutter={8}>
                <Col span={8}>
                  <Statistic title={t('partner.shareRatio')} value={formatRatio(company.shareRatio)} />
                </Col>
                <Col span={16}>
                  <Statistic
                    title={t('partner.totalAmount')}
                    value={formatFen(company.totals.amount, language)}
                  />
                </Col>
              </Row>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('partner.paid')} {formatFen(company.totals.paid, language)} · {t('partner.pending')}{' '}
                {formatFen(company.totals.pending, language)}
              </Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
