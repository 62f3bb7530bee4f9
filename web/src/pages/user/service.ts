import type { DesignerInfo, ModifyInfoBody } from '@dc/contract';
import { type CallOptions, request } from '../../request/index.ts';

export const designerInfoKey = ['designer', 'info'] as const;

export const fetchDesignerInfo = () => request.get<DesignerInfo>('/designerapi/v1/yiDesigner/modifyInfo');

export const modifyDesignerInfo = (body: ModifyInfoBody, options?: CallOptions) =>
  request.post<DesignerInfo>('/designerapi/v1/yiDesigner/modifyInfo', body, options);
