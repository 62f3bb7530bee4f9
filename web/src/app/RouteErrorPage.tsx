import { CloseCircleFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useRevalidator, useRouteError } from 'react-router';
import { useT } from '../locales/index.ts';
import { RouteBuildError } from './guard.ts';

/**
 * A console that could not be built ('Can't build routes') or a page that failed to load, with a
 * retry. It is part of the first chunk (it must show when no other chunk loads), so it is drawn
 * the way antd's error Result looks without that component and its illustrations.
 */
export function RouteErrorPage() {
  const t = useT();
  const { token } = theme.useToken();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const buildFailed = error instanceof RouteBuildError;
  const { fontSizeHeading3 } = token;
  const iconSize = typeof fontSizeHeading3 === 'number' ? `${fontSizeHeading3}px` : fontSizeHeading3;
  if (!buildFailed) console.error(error);
  return (
    <div
      role="alert"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: token.paddingLG,
        padding: `${token.paddingLG * 2}px ${token.paddingXL}px`,
      }}
    >
      <CloseCircleFilled style={{ fontSize: `calc(${iconSize} * 3)`, color: token.colorError }} />
      {/* A heading as antd's Typography draws it, without that component's machinery. */}
      <h3
        style={{
          margin: 0,
          fontWeight: 'normal',
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          color: token.colorTextHeading,
        }}
      >
        {buildFailed ? t('routes.buildFailed') : t('common.loadFailed')}
      </h3>
      <Button
        type="primary"
        loading={revalidator.state === 'loading'}
        onClick={() => (buildFailed ? void revalidator.revalidate() : window.location.reload())}
      >
        {t('common.retry')}
      </Button>
    </div>
  );
}
