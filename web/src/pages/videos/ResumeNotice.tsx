import { Alert, Button, Flex, Popconfirm, Typography, Upload } from 'antd';
import { FileName } from '../../components/FileName.tsx';
import { ONE_LINE_TEXT } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import { formatBytes } from './format.ts';
import type { UnfinishedUpload } from './resume-records.ts';

interface Props {
  uploads: UnfinishedUpload[];
  /** A file picked to continue one of them. */
  onPick(file: File): void;
  onDiscard(upload: UnfinishedUpload): void;
}

/** Unfinished uploads of an earlier visit: pick the same file again to continue, or discard. */
export function ResumeNotice({ uploads, onPick, onDiscard }: Props) {
  const t = useT();
  if (uploads.length === 0) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="resume-notice"
      title={t('shortVideo.resumeTitle', { count: uploads.length })}
      description={
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('shortVideo.resumeHint')}</Typography.Text>
          {uploads.map((upload) => (
            <Flex key={upload.key} align="center" gap={8} wrap>
              <FileName name={upload.fileName} />
              <Typography.Text type="secondary" style={ONE_LINE_TEXT}>
                {t('shortVideo.resumeProgress', {
                  size: formatBytes(upload.size),
                  percent: Math.floor(upload.loaded * 100),
                })}
              </Typography.Text>
              <Upload
                accept="video/*"
                showUploadList={false}
                beforeUpload={(file) => {
                  onPick(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button size="small" type="primary">
                  {t('shortVideo.resumePick')}
                </Button>
              </Upload>
              <Popconfirm
                title={t('shortVideo.resumeDiscardConfirm')}
                okText={t('shortVideo.confirm')}
                cancelText={t('shortVideo.back')}
                onConfirm={() => onDiscard(upload)}
              >
                <Button size="small" danger>
                  {t('shortVideo.resumeDiscard')}
                </Button>
              </Popconfirm>
            </Flex>
          ))}
        </Flex>
      }
    />
  );
}
