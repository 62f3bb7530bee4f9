import { ArrowDownOutlined, ArrowUpOutlined, RightOutlined } from '@ant-design/icons';
import type { ComparedFigure } from '@dc/contract';
import { Card, Flex, Statistic, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { useLanguage, useT } from '../../locales/index.ts';
import { changePercent } from './period.ts';

export interface FigureCardProps {
  title: string;
  figure: ComparedFigure | undefined;
  /** The value as shown (money formatted from fen); defaults to the integer. */
  format?: (value: number) => string;
  to: string;
  testId: string;
  loading: boolean;
  /** A rise is bad news (lost fans): red up, green down. */
  inverse?: boolean;
}

/** One overview card: the figure, its change against the previous period, a link to its list. */
export function FigureCard({ title, figure, format, to, testId, loading, inverse = false }: FigureCardProps) {
  const t = useT();
  const { token } = theme.useToken();
  const language = useLanguage((s) => s.language);
  const percent = figure ? changePercent(figure.value, figure.previous) : null;
  const up = (figure?.change ?? 0) > 0;
  const down = (figure?.change ?? 0) < 0;
  const good = inverse ? down : up;
  const bad = inverse ? up : down;
  const color = good ? token.colorSuccess : bad ? token.colorError : token.colorTextSecondary;
  return (
    <Card loading={loading} data-testid={testId} size="small">
      <Statistic
        title={title}
        value={figure ? (format ? format(figure.value) : figure.value.toLocaleString(language)) : '-'}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }} wrap gap={4}>
        <Typography.Text style={{ color }} data-testid={`${testId}-change`}>
          {up && <ArrowUpOutlined />}
          {down && <ArrowDownOutlined />} {percent === null ? t('analytics.noPrevious') : `${percent}%`}
          <Typography.Text type="secondary"> {t('analytics.vsPrevious')}</Typography.Text>
        </Typography.Text>
        <Link to={to} data-testid={`${testId}-link`}>
          {t('analytics.card.open')} <RightOutlined />
        </Link>
      </Flex>
    </Card>
  );
}
