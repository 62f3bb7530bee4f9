import { useEffect } from 'react';
import { useT } from '../locales/index.ts';

/**
 * The browser tab's title for the screen on show: "<screen> · 设计师后台" ("<screen> · Designer
 * Console"). It follows the language, since the caller's title and the product name are both
 * translated at render time. Without a title (a location that only redirects) it leaves the
 * title as it is, to whoever names the screen next.
 */
export function useDocumentTitle(screen: string | undefined): void {
  const t = useT();
  const product = t('app.name');
  useEffect(() => {
    if (screen) document.title = `${screen} · ${product}`;
  }, [screen, product]);
}
