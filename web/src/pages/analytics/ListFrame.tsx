import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../locales/index.ts';
import { PeriodBar } from './PeriodBar.tsx';
import { type PeriodChoice, periodSearch } from './period.ts';

export interface ListFrameProps {
  title: string;
  period: PeriodChoice;
  onPeriod?(period: PeriodChoice): void;
  computedAt?: string;
  /** Starts the CSV download of the rows as listed. */
  onExport(): Promise<void>;
  toolbar?: ReactNode;
  children: ReactNode;
}

/** The frame of an analysis list: back to the overview, title, period, export, then the table. */
export function ListFrame({
  title,
  period,
  onPeriod,
  computedAt,
  onExport,
  toolbar,
  children,
}: ListFrameProps) {
  const t = useT();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch {
      void message.error(t('analytics.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  const exportButton = (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      onClick={() => void exportCsv()}
      data-testid="export-csv"
    >
      {exporting ? t('analytics.exporting') : t('analytics.export')}
    </Button>
  );
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Link to={`/data/data-analysis${periodSearch(period)}`}>
          <ArrowLeftOutlined /> {t('analytics.back')}
        </Link>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {onPeriod ? (
        <PeriodBar period={period} onChange={onPeriod} computedAt={computedAt} extra={exportButton} />
      ) : (
        <Flex justify="flex-end" align="center" gap={12}>
          {computedAt && (
            <Typography.Text type="secondary" data-testid="computed-at">
              {t('analytics.computedAt', { time: computedAt })}
            </Typography.Text>
          )}
          {exportButton}
        </Flex>
      )}
      {toolbar}
      {children}
    </Flex>
  );
}
