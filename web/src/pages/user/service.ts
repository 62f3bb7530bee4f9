import type { DesignerInfo, ModifyInfoBody } from '@dc/contract';
import { request } from '../../request/index.ts';

export const fetchDesignerInfo = () => request.get<DesignerInfo>('/designerapi/v1/yiDesigner/modifyInfo');

export const modifyDesignerInfo = (body: ModifyInfoBody) =>
  request.post<DesignerInfo>('/designerapi/v1/yiDesigner/modifyInfo', body);
