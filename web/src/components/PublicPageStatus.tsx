import { ErrorCode } from '@dc/contract';
import { Button, Flex, Result, Spin, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { isApiRequestError } from '../request/index.ts';

/** Where a public page's load stands before there is anything to show. */
export type PublicPageWait = 'loading' | 'missing' | 'error';

/** A public page's column: full height on the layout background, centred, at most `maxWidth` wide. */
export function usePublicPageFrame(maxWidth: number): CSSProperties {
  const { token } = theme.useToken();
  return { minHeight: '100vh', background: token.colorBgLayout, maxWidth, margin: '0 auto' };
}

/** Whether a failed load means the page does not exist (a wrong or unknown id), not a passing fault. */
export const isMissingPage = (error: unknown) =>
  isApiRequestError(error) && (error.code === ErrorCode.notFound || error.code === ErrorCode.validation);

/**
 * A public page (no login, mobile first) while it loads or when it cannot show: a spinner, a
 * 404, or a warning with a retry. `frame` is the page's own column, so nothing jumps when it shows.
 */
export function PublicPageStatus({
  state,
  frame,
  texts,
  onRetry,
}: {
  state: PublicPageWait;
  frame: CSSProperties;
  texts: { loading: string; missing: string; missingHint?: string; error: string; retry: string };
  onRetry(): void;
}) {
  let body: ReactNode;
  if (state === 'loading') {
    body = (
      <Spin tip={texts.loading}>
        <div style={{ width: 160, height: 60 }} />
      </Spin>
    );
  } else if (state === 'missing') {
    body = <Result status="404" title={texts.missing} subTitle={texts.missingHint} />;
  } else {
    body = (
      <Result status="warning" title={texts.error} extra={<Button onClick={onRetry}>{texts.retry}</Button>} />
    );
  }
  return (
    <Flex align="center" justify="center" style={frame}>
      {body}
    </Flex>
  );
}
