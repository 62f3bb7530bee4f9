import { type FanTagChip, TAGS_PER_FAN_MAX } from '@dc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Divider, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../locales/index.ts';
import { tagKeys } from '../tags/service.ts';
import { FanImpressionLabels } from './FanImpressionLabels.tsx';
import { FanTagSelect } from './FanTagSelect.tsx';
import { fanKeys, saveFanTags } from './service.ts';

/** The fan's labels: tags (at most 20, saved together) and impression words (each saved at once). */
export function FanLabels({ fanId, tags }: { fanId: number; tags: FanTagChip[] }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(tags.map((tag) => tag.id));
  const save = useMutation({
    mutationFn: () => saveFanTags(fanId, value),
    onSuccess: async () => {
      void message.success(t('fans.detail.labelsSaved'));
      await queryClient.invalidateQueries({ queryKey: fanKeys.all });
      await queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
  const changed = value.length !== tags.length || tags.some((tag) => !value.includes(tag.id));
  return (
    <Card title={t('fans.detail.labels')}>
      <Flex vertical gap={8}>
        <FanTagSelect
          value={value}
          onChange={setValue}
          maxCount={TAGS_PER_FAN_MAX}
          aria-label={t('fans.detail.labels')}
        />
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary">
            {t('fans.detail.labelsLimit', { max: TAGS_PER_FAN_MAX })}
          </Typography.Text>
          <Button type="primary" disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
            {t('fans.detail.save')}
          </Button>
        </Flex>
        <Divider style={{ margin: '8px 0' }} />
        <FanImpressionLabels fanId={fanId} />
      </Flex>
    </Card>
  );
}
