import { useQueryClient } from '@tanstack/react-query';
import { App, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { MyVideos } from './MyVideos.tsx';
import { PublishForm } from './PublishForm.tsx';
import { ResumeNotice } from './ResumeNotice.tsx';
import {
  forgetUnfinished,
  matchUnfinished,
  type UnfinishedUpload,
  unfinishedUploads,
} from './resume-records.ts';
import { deleteVideo, videoKeys } from './service.ts';
import { UploadRows } from './UploadRows.tsx';
import { useVodUploads, type VideoFields } from './use-vod-uploads.ts';

const NO_FIELDS: VideoFields = { title: '', description: '', cateId: null, tags: [] };

/** 发布视频 (issue 5 item 4): pick videos, upload them resumably, publish; my videos below. */
export default function PublishVideoPage() {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const uploads = useVodUploads((published) => {
    if (published) message.success(t('shortVideo.published', { title: published.title }));
    void queryClient.invalidateQueries({ queryKey: videoKeys.all });
  });
  const [unfinished, setUnfinished] = useState<UnfinishedUpload[]>(() => unfinishedUploads());

  const refused = (names: string[]) => {
    for (const name of names) message.warning(t('shortVideo.refusedDuplicate', { name }));
  };
  const publish = (files: File[], fields: VideoFields) => {
    refused(uploads.add(files, fields));
    void queryClient.invalidateQueries({ queryKey: videoKeys.all });
  };
  const continueWith = (file: File) => {
    const match = matchUnfinished(file, unfinished);
    if (!match) {
      message.error(t('shortVideo.resumeMismatch', { name: file.name }));
      return;
    }
    refused(uploads.add([file], NO_FIELDS));
    setUnfinished((current) => current.filter((upload) => upload !== match));
  };
  const discard = async (upload: UnfinishedUpload) => {
    forgetUnfinished(upload);
    setUnfinished((current) => current.filter((candidate) => candidate !== upload));
    if (upload.videoId) await deleteVideo(upload.videoId).catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: videoKeys.all });
  };

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('shortVideo.publishTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('shortVideo.publishHint')}</Typography.Text>
      </Flex>
      <ResumeNotice uploads={unfinished} onPick={continueWith} onDiscard={discard} />
      <Flex gap={16} wrap align="flex-start">
        {/* minWidth 0: a long picked file name shrinks instead of widening the card past a phone. */}
        <Card style={{ flex: '1 1 420px', minWidth: 0 }}>
          <PublishForm onPublish={publish} />
        </Card>
        <div style={{ flex: '1 1 420px', minWidth: 0 }}>
          <UploadRows uploads={uploads} />
        </div>
      </Flex>
      <MyVideos />
    </Flex>
  );
}
