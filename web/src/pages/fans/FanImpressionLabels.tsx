import { PlusOutlined } from '@ant-design/icons';
import { IMPRESSION_WORD_MAX, IMPRESSIONS_PER_FAN_MAX, type ImpressionSuggestion } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Flex, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { type MessageKey, useT } from '../../locales/index.ts';
import { fieldErrorsOf, isApiRequestError } from '../../request/index.ts';
import {
  addFanImpression,
  fetchFanImpressions,
  fetchImpressionOverview,
  impressionKeys,
  removeFanImpression,
} from '../impressions/service.ts';

/** A fan's impression words (issue 7 item 6): add (typed or suggested), remove. */
export function FanImpressionLabels({ fanId }: { fanId: number }) {
  const t = useT();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [word, setWord] = useState('');
  const [error, setError] = useState<string | null>(null);
  const current = useQuery({
    queryKey: impressionKeys.ofFan(fanId),
    queryFn: ({ signal }) => fetchFanImpressions(fanId, signal),
  });
  const words = useQuery({
    queryKey: impressionKeys.overview,
    queryFn: ({ signal }) => fetchImpressionOverview(signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: impressionKeys.all });
  const add = useMutation({
    mutationFn: (value: string) => addFanImpression(fanId, value),
    onSuccess: async () => {
      setWord('');
      setError(null);
      void message.success(t('impressions.fan.added'));
      await refresh();
    },
    onError: (failure) => {
      const field = fieldErrorsOf<{ name: string; errors: string[] }>(failure)[0];
      if (field) setError(field.errors[0] ?? null);
      else if (isApiRequestError(failure)) void message.error(failure.msg);
    },
  });
  const remove = useMutation({
    mutationFn: (impressionId: number) => removeFanImpression(fanId, impressionId),
    onSuccess: async () => {
      void message.success(t('impressions.fan.removed'));
      await refresh();
    },
  });
  if (!current.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const carried = current.data.impressions;
  const full = carried.length >= IMPRESSIONS_PER_FAN_MAX;
  const submit = () => {
    const value = word.trim();
    if (value === '') return;
    add.mutate(value);
  };
  const reasonOf = (suggestion: ImpressionSuggestion) =>
    suggestion.reason === 'category'
      ? t('impressions.fan.reason.category', {
          category: t(`crowdPacks.wardrobe.${suggestion.category}` as MessageKey),
          count: suggestion.count,
        })
      : t('impressions.fan.reason.coPurchase', { count: suggestion.count });
  const carriedIds = new Set(carried.map((chip) => chip.id));
  const options = (words.data?.impressions ?? [])
    .filter((item) => !carriedIds.has(item.id) && item.word.toLowerCase().includes(word.trim().toLowerCase()))
    .slice(0, 20)
    .map((item) => ({
      value: item.word,
      label: `${item.word} · ${t('impressions.people', { count: item.fanCount })}`,
    }));
  return (
    <Flex vertical gap={8} data-testid="fan-impressions">
      <Typography.Text strong>{t('impressions.fan.title')}</Typography.Text>
      <Flex wrap gap={4}>
        {carried.length === 0 && (
          <Typography.Text type="secondary">{t('impressions.fan.none')}</Typography.Text>
        )}
        {carried.map((chip) => (
          <Tag
            key={chip.id}
            color="purple"
            closable={{ 'aria-label': t('impressions.fan.remove', { word: chip.word }) }}
            onClose={(event) => {
              event.preventDefault();
              remove.mutate(chip.id);
            }}
          >
            {chip.word}
          </Tag>
        ))}
      </Flex>
      <Space.Compact style={{ width: '100%' }}>
        <AutoComplete
          value={word}
          options={options}
          onChange={(value) => {
            setWord(value);
            setError(null);
          }}
          onSelect={(value) => add.mutate(value)}
          disabled={full}
          maxLength={IMPRESSION_WORD_MAX}
          placeholder={t('impressions.fan.placeholder')}
          aria-label={t('impressions.fan.placeholder')}
          status={error ? 'error' : undefined}
          style={{ flex: 1 }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && options.length === 0) submit();
          }}
        />
        <Button
          icon={<PlusOutlined />}
          disabled={full || word.trim() === ''}
          loading={add.isPending}
          onClick={submit}
        >
          {t('impressions.fan.add')}
        </Button>
      </Space.Compact>
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
      <Typography.Text type="secondary">
        {t('impressions.fan.limit', { max: IMPRESSIONS_PER_FAN_MAX })}
      </Typography.Text>
      <Typography.Text type="secondary">{t('impressions.fan.suggestions')}</Typography.Text>
      <Flex wrap gap={4} data-testid="impression-suggestions">
        {current.data.suggestions.length === 0 && (
          <Typography.Text type="secondary">{t('impressions.fan.noSuggestions')}</Typography.Text>
        )}
        {current.data.suggestions.map((suggestion) => (
          <Tooltip key={suggestion.word} title={reasonOf(suggestion)}>
            <Button size="small" type="dashed" disabled={full} onClick={() => add.mutate(suggestion.word)}>
              + {suggestion.word}
            </Button>
          </Tooltip>
        ))}
      </Flex>
    </Flex>
  );
}
