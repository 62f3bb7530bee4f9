import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../locales/index.ts';
import { isApiRequestError } from '../../request/index.ts';

/** The `:id` of a boutique page, or null when it is no record's id (the page shows 404). */
export function useBoutiqueRouteId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A boutique page about one record (a product, a brand): 404 with a way back when the id names
 * none, a spinner while it loads, else the page, which gets the same way back for its header.
 */
export function BoutiqueRecordGate<T>({
  id,
  record,
  notFoundTitle,
  children,
}: {
  id: number | null;
  record: UseQueryResult<T>;
  notFoundTitle: string;
  children(data: T, back: ReactNode): ReactNode;
}) {
  const t = useT();
  const back = (
    <Link to="/boutique/boutique-list">
      <Button icon={<ArrowLeftOutlined />}>{t('boutique.detail.back')}</Button>
    </Link>
  );
  if (id === null || (record.isError && isApiRequestError(record.error) && record.error.code === 40400)) {
    return <Result status="404" title={notFoundTitle} extra={back} />;
  }
  if (!record.data) {
    return (
      <Spin>
        <div style={{ height: 320 }} />
      </Spin>
    );
  }
  return children(record.data, back);
}
