import type { VideoStatus } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Result,
  Row,
  Skeleton,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { BackButton, DetailHeader } from '../../components/DetailHeader.tsx';
import { pictureAt } from '../../components/pictures.ts';
import { useT } from '../../locales/index.ts';
import { categoryLabel, formatBytes, formatDuration, STATUS_COLORS, statusKey } from './format.ts';
import { chooseCoverFrame, fetchVideo, videoKeys } from './service.ts';
import { VideoEditForm } from './VideoEditForm.tsx';

/** 视频详情 `/detail/video-detail/:id/:isLook?` (issue 5 item 5): plays from the store, statistics, the owner's edit. */
export default function VideoDetailPage() {
  const t = useT();
  const params = useParams();
  const id = Number(params.id);
  const readOnly = Boolean(params.isLook);
  const [playFailed, setPlayFailed] = useState(false);
  const detail = useQuery({
    queryKey: videoKeys.detail(id),
    queryFn: ({ signal }) => fetchVideo(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // The play link is signed for two hours; fetch a fresh one well before.
    staleTime: 30 * 60_000,
    // While the server transcodes, the progress moves and the player appears when it is done.
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? 2_000 : false),
  });
  const player = useRef<HTMLVideoElement>(null);
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const frameAsCover = useMutation({
    mutationFn: () => chooseCoverFrame(id, player.current?.currentTime ?? 0),
    onSuccess: async () => {
      message.success(t('videoDetail.coverSet'));
      await queryClient.invalidateQueries({ queryKey: videoKeys.all });
    },
  });

  if (!Number.isInteger(id) || id <= 0 || detail.isError) {
    return <Result status="404" title={t('videoDetail.notFound')} extra={<BackButton />} />;
  }
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  const video = detail.data;
  const likeRate = video.views > 0 ? `${((video.likes / video.views) * 100).toFixed(1)}%` : '—';

  return (
    <Flex vertical gap={16}>
      <DetailHeader
        title={video.title}
        tags={
          <>
            <Tag color={STATUS_COLORS[video.status as VideoStatus]}>{t(statusKey(video.status))}</Tag>
            {readOnly ? <Tag>{t('videoDetail.readOnly')}</Tag> : null}
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card styles={{ body: { padding: 0, background: '#000', borderRadius: 8, overflow: 'hidden' } }}>
            {video.playUrl ? (
              // biome-ignore lint/a11y/useMediaCaption: designers' own short videos carry no caption track
              <video
                key={video.playUrl}
                ref={player}
                data-testid="video-player"
                src={video.playUrl}
                poster={video.coverUrl ? pictureAt(video.coverUrl, 1280) : undefined}
                controls
                preload="metadata"
                style={{ width: '100%', maxHeight: 540, display: 'block' }}
                onError={() => setPlayFailed(true)}
              />
            ) : (
              <Empty
                style={{ padding: 48 }}
                description={
                  <span style={{ color: '#bbb' }} data-testid="video-not-playable">
                    {video.status === 'processing'
                      ? t('videoDetail.processing', { percent: video.processingProgress })
                      : t('videoDetail.notPlayable')}
                  </span>
                }
              />
            )}
          </Card>
          {video.status === 'failed' ? (
            <Alert
              style={{ marginTop: 8 }}
              type="error"
              showIcon
              title={t('videoDetail.failed')}
              description={video.failureReason}
              data-testid="video-failure"
            />
          ) : null}
          {playFailed ? (
            <Alert style={{ marginTop: 8 }} type="warning" showIcon title={t('videoDetail.playFailed')} />
          ) : null}
          {video.playUrl && !readOnly ? (
            <Button
              style={{ marginTop: 8 }}
              loading={frameAsCover.isPending}
              onClick={() => frameAsCover.mutate()}
            >
              {t('videoDetail.useFrame')}
            </Button>
          ) : null}
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <Card title={t('videoDetail.stats')}>
              <Row gutter={16}>
                <Col span={6}>
                  <Statistic title={t('videoDetail.views')} value={video.views} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('videoDetail.likes')} value={video.likes} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('videoDetail.comments')} value={video.comments} />
                </Col>
                <Col span={6}>
                  <Statistic title={t('videoDetail.likeRate')} value={likeRate} />
                </Col>
              </Row>
            </Card>
            <Card title={t('videoDetail.info')}>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('videoDetail.fileName')}>{video.fileName}</Descriptions.Item>
                <Descriptions.Item label={t('videoDetail.size')}>
                  {formatBytes(video.fileSize)}
                </Descriptions.Item>
                <Descriptions.Item label={t('videoDetail.duration')}>
                  {video.durationSeconds === null
                    ? t('shortVideo.unknownDuration')
                    : formatDuration(video.durationSeconds)}
                </Descriptions.Item>
                <Descriptions.Item label={t('videoDetail.category')}>
                  {categoryLabel(t, video.cateId)}
                </Descriptions.Item>
                <Descriptions.Item label={t('videoDetail.tags')}>
                  {video.tags.length ? video.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('videoDetail.description')}>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                    {video.description || '—'}
                  </Typography.Paragraph>
                </Descriptions.Item>
                <Descriptions.Item label={t('videoDetail.created')}>{video.createdAt}</Descriptions.Item>
                <Descriptions.Item label={t('videoDetail.published')}>
                  {video.publishedAt ?? '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('videoDetail.updated')}>{video.updatedAt}</Descriptions.Item>
              </Descriptions>
            </Card>
          </Flex>
        </Col>
      </Row>
      {readOnly ? null : (
        <Card title={t('videoDetail.edit')}>
          <VideoEditForm key={video.updatedAt} video={video} />
        </Card>
      )}
    </Flex>
  );
}
