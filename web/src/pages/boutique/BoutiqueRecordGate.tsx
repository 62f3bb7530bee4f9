import type { UseQueryResult } from '@tanstack/react-query';
import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BackButton } from '../../components/DetailHeader.tsx';
import { isApiRequestError } from '../../request/index.ts';

/** The `:id` of a boutique page, or null when it is no record's id (the page shows 404). */
export function useBoutiqueRouteId(): number | null {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * A boutique page about one record (a product, a brand): 404 with a way back when the id names
 * none, a spinner while it loads, else the page.
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
  children(data: T): ReactNode;
}) {
  if (id === null || (record.isError && isApiRequestError(record.error) && record.error.code === 40400)) {
    return <Result status="404" title={notFoundTitle} extra={<BackButton />} />;
  }
  if (!record.data) {
    return (
      <Spin>
        <div style={{ height: 320 }} />
      </Spin>
    );
  }
  return children(record.data);
}
