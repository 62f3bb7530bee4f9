import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Result,
  Row,
  Skeleton,
  Timeline,
  Typography,
} from 'antd';
import { useParams } from 'react-router';
import { BackButton, DetailHeader } from '../../components/DetailHeader.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { isApiRequestError } from '../../request/index.ts';
import { FanImages } from './FanImages.tsx';
import { FanLabels } from './FanLabels.tsx';
import { FanMeasurementsForm } from './FanMeasurementsForm.tsx';
import { FanTrades } from './FanTrades.tsx';
import { FanWardrobe } from './FanWardrobe.tsx';
import { fanKeys, fetchFan } from './service.ts';

/** 粉丝详情 `/detail/fans-detail/:fans_id` (issue 7 item 8). */
export default function FansDetailPage() {
  const t = useT();
  const id = Number(useParams().fans_id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: fanKeys.detail(id),
    queryFn: ({ signal }) => fetchFan(id, signal),
    enabled: valid,
    retry: false,
  });
  if (!valid || (detail.isError && isApiRequestError(detail.error) && detail.error.code === 40400)) {
    return <Result status="404" title={t('fans.detail.notFound')} extra={<BackButton />} />;
  }
  if (detail.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.loadFailed')}
        action={<Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!detail.data) return <Skeleton active />;
  const { fan } = detail.data;
  return (
    <Flex vertical gap={16}>
      <DetailHeader title={fan.nickname} />
      <Card>
        <Flex gap={16} align="center" wrap>
          <Avatar
            alt=""
            size={64}
            src={pictureAt(fan.avatar, 160)}
            icon={fan.avatar ? undefined : <UserOutlined />}
          />
          <Flex vertical flex={1}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                { key: 'id', label: t('fans.detail.id'), children: fan.id },
                { key: 'gender', label: t('fans.column.gender'), children: t(`fans.gender.${fan.gender}`) },
                { key: 'age', label: t('fans.column.age'), children: fan.age ?? '—' },
                { key: 'city', label: t('fans.column.city'), children: fan.cityName || '—' },
                { key: 'source', label: t('fans.column.source'), children: t(`fans.source.${fan.source}`) },
                { key: 'followed', label: t('fans.column.followedAt'), children: fan.followedAt },
                { key: 'active', label: t('fans.column.lastActiveAt'), children: fan.lastActiveAt },
              ]}
            />
          </Flex>
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <FanTrades fan={fan} />
            <FanMeasurementsForm
              key={detail.data.measurements.updatedAt ?? 'none'}
              fanId={id}
              detail={detail.data}
            />
            <FanWardrobe fanId={id} items={detail.data.wardrobe} />
            <FanImages fanId={id} images={detail.data.images} />
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <FanLabels key={fan.tags.map((tag) => tag.id).join(',')} fanId={id} tags={fan.tags} />
            <Card title={t('fans.detail.timeline')}>
              {detail.data.interactions.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('fans.detail.timelineEmpty')} />
              ) : (
                <Timeline
                  items={detail.data.interactions.map((item) => ({
                    key: item.id,
                    children: (
                      <Flex vertical>
                        <Typography.Text>
                          {t(`fans.interaction.${item.kind}`)} · {item.text}
                        </Typography.Text>
                        <Typography.Text type="secondary">{item.at}</Typography.Text>
                      </Flex>
                    ),
                  }))}
                />
              )}
            </Card>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
