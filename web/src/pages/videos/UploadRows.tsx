import { CaretRightOutlined, DeleteOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, List, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { FileName } from '../../components/FileName.tsx';
import { ONE_LINE_TEXT } from '../../components/server-table/fit-columns.ts';
import { useT } from '../../locales/index.ts';
import { formatBytes, formatDuration } from './format.ts';
import type { UploadRowView, VodUploads } from './use-vod-uploads.ts';

const PAUSED = new Set(['Canceled', 'Stoped']);

function progressStatus(row: UploadRowView): 'active' | 'success' | 'exception' | 'normal' {
  if (row.state === 'Failure' || row.after === 'failed') return 'exception';
  if (row.after === 'done') return 'success';
  return row.state === 'Uploading' ? 'active' : 'normal';
}

/** One line per file: progress, speed and time left, and its pause / resume / cancel. */
export function UploadRows({ uploads }: { uploads: VodUploads }) {
  const t = useT();
  const { rows } = uploads;
  const anyRunning = rows.some((row) => row.state === 'Uploading' || row.state === 'Ready');
  const anyPaused = rows.some((row) => PAUSED.has(row.state) || row.state === 'Failure');
  return (
    <Card
      title={t('shortVideo.uploads')}
      extra={
        <Space wrap>
          <Button size="small" icon={<PauseOutlined />} disabled={!anyRunning} onClick={uploads.pauseAll}>
            {t('shortVideo.pauseAll')}
          </Button>
          <Button
            size="small"
            icon={<CaretRightOutlined />}
            disabled={!anyPaused}
            onClick={uploads.resumeAll}
          >
            {t('shortVideo.resumeAll')}
          </Button>
          <Button size="small" onClick={uploads.clearFinished}>
            {t('shortVideo.clearFinished')}
          </Button>
        </Space>
      }
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          dataSource={rows}
          rowKey="id"
          renderItem={(row) => (
            <List.Item
              data-testid="upload-row"
              data-state={row.state}
              data-loaded={Math.floor(row.loaded * 100)}
              actions={[
                row.state === 'Uploading' || row.state === 'Ready' ? (
                  <Button
                    key="pause"
                    size="small"
                    icon={<PauseOutlined />}
                    onClick={() => uploads.pause(row.id)}
                  >
                    {t('shortVideo.pause')}
                  </Button>
                ) : null,
                PAUSED.has(row.state) || row.state === 'Failure' ? (
                  <Button
                    key="resume"
                    size="small"
                    icon={<CaretRightOutlined />}
                    onClick={() => uploads.resume(row.id)}
                  >
                    {t('shortVideo.resume')}
                  </Button>
                ) : null,
                row.state !== 'Success' ? (
                  <Popconfirm
                    key="cancel"
                    title={t('shortVideo.cancelConfirm', { name: row.fileName })}
                    description={t('shortVideo.cancelDetail')}
                    okText={t('shortVideo.confirm')}
                    cancelText={t('shortVideo.back')}
                    onConfirm={() => uploads.cancel(row.id)}
                  >
                    <Button size="small" danger icon={<DeleteOutlined />}>
                      {t('shortVideo.cancel')}
                    </Button>
                  </Popconfirm>
                ) : null,
              ].filter(Boolean)}
            >
              <Flex vertical style={{ width: '100%' }} gap={4}>
                <Flex justify="space-between" gap={8} wrap>
                  <FileName name={row.fileName} strong style={{ maxWidth: 360 }} />
                  <Space size={8} wrap>
                    <Typography.Text type="secondary" style={ONE_LINE_TEXT}>
                      {formatBytes(row.size)}
                    </Typography.Text>
                    <Tag data-testid="upload-after">
                      {row.after
                        ? t(`shortVideo.after.${row.after}`, { percent: row.processingProgress })
                        : t(`shortVideo.state.${row.state}`)}
                    </Tag>
                    {row.state === 'Uploading' && row.bytesPerSecond > 0 ? (
                      <Typography.Text type="secondary" style={ONE_LINE_TEXT} data-testid="upload-speed">
                        {t('shortVideo.speed', { speed: formatBytes(row.bytesPerSecond) })}
                      </Typography.Text>
                    ) : null}
                    {row.state === 'Uploading' && row.secondsLeft !== undefined ? (
                      <Typography.Text type="secondary" style={ONE_LINE_TEXT}>
                        {t('shortVideo.timeLeft', { time: formatDuration(row.secondsLeft) })}
                      </Typography.Text>
                    ) : null}
                  </Space>
                </Flex>
                <Progress
                  percent={Math.floor(row.loaded * 100)}
                  aria-label={row.fileName}
                  status={progressStatus(row)}
                  size="small"
                />
                {row.error ? <Typography.Text type="danger">{row.error}</Typography.Text> : null}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
