import useModal, { type HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/** antd's modal hook, mounted by PublicApp the first time a public page opens a modal. */
export default function ModalHolder({ onReady }: { onReady(api: HookAPI): void }) {
  const [api, holder] = useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
