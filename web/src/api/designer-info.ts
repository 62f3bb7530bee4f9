import type { DesignerInfo, ModifyInfoBody } from '@dc/contract';
import { type CallOptions, request } from '../request/index.ts';

/**
 * The signed-in designer's own information: read by the console's guard and the personal center,
 * written from the personal center and the designer information screen.
 */
export const designerInfoKey = ['designer', 'info'] as const;

export const fetchDesignerInfo = () => request.get<DesignerInfo>('/designerapi/v1/yiDesigner/modifyInfo');

export const modifyDesignerInfo = (body: ModifyInfoBody, options?: CallOptions) =>
  request.post<DesignerInfo>('/designerapi/v1/yiDesigner/modifyInfo', body, options);
