import { TagsOutlined } from '@ant-design/icons';
import { FAN_BATCH_MAX, type FanFilterValue } from '@dc/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { usePageCursor } from '../../components/server-table/page-cursor.ts';
import { useT } from '../../locales/index.ts';
import { FanFilterForm } from './FanFilterForm.tsx';
import { FanTable } from './FanTable.tsx';
import { useFanSelection } from './fan-selection-store.ts';
import { type FanListState, isFiltered, queryOfState, searchFromState, stateFromSearch } from './filters.ts';
import { fanKeys, fetchFans } from './service.ts';

/** 粉丝管理 › 粉丝列表 (issue 7 item 5): filtered, sorted, paged on the server; select for batch tagging. */
export default function FansListPage() {
  const t = useT();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const state = stateFromSearch(search);
  const query = queryOfState(state);
  // Next / previous move by the shown page's cursor, a jump by `page` (components/server-table/page-cursor.ts).
  const paging = usePageCursor(JSON.stringify({ ...query, page: undefined }), state.page);
  const list = useQuery({
    queryKey: fanKeys.list(query),
    queryFn: ({ signal }) => paging.fetched(fetchFans({ ...query, cursor: paging.cursor }, signal)),
    placeholderData: keepPreviousData,
  });
  const { selection, setIds, selectFilter, clear } = useFanSelection();
  const setState = (next: FanListState) => setSearch(searchFromState(next));
  const setFilter = (filter: FanFilterValue) => {
    // A new filter makes "all matching" mean other fans: that choice is dropped.
    if (selection.kind === 'filter') clear();
    setState({ ...state, filter, page: 1 });
  };
  const total = list.data?.totalNumber ?? 0;
  const selectedIds = selection.kind === 'ids' ? selection.fanIds : [];
  const allMatching = selection.kind === 'filter';
  const chosen = allMatching ? selection.count : selectedIds.length;

  if (list.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.loadFailed')}
        action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('fans.title')}
      </Typography.Title>
      <Card>
        <FanFilterForm key={search.toString()} filter={state.filter} onChange={setFilter} />
      </Card>
      <Card>
        <Flex vertical gap={12}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Flex align="center" gap={8} wrap data-testid="fan-selection-bar">
              <Typography.Text>
                {allMatching
                  ? t('fans.selection.all', { count: chosen.toLocaleString() })
                  : t('fans.selection.count', { count: chosen.toLocaleString() })}
              </Typography.Text>
              {!allMatching && total > 0 && (
                <Button
                  type="link"
                  disabled={total > FAN_BATCH_MAX}
                  title={
                    total > FAN_BATCH_MAX
                      ? t('fans.selection.tooMany', { max: FAN_BATCH_MAX.toLocaleString() })
                      : undefined
                  }
                  onClick={() => selectFilter(state.filter, total)}
                >
                  {t('fans.selection.selectAll', { count: total.toLocaleString() })}
                </Button>
              )}
              {chosen > 0 && (
                <Button type="link" onClick={clear}>
                  {t('fans.selection.clear')}
                </Button>
              )}
            </Flex>
            <Button
              type="primary"
              icon={<TagsOutlined />}
              disabled={chosen === 0}
              onClick={() => navigate('/fans/batch-select-tag')}
            >
              {t('fans.selection.batchTag')}
            </Button>
          </Flex>
          <FanTable
            page={list.data}
            loading={list.isPending || list.isPlaceholderData}
            state={state}
            filtered={isFiltered(state.filter)}
            selectedIds={selectedIds}
            allMatching={allMatching}
            onSelect={setIds}
            onChange={(change) => setState({ ...state, ...change })}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
