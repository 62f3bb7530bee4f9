import { designerApi, type ModifyInfoBody } from '@dc/contract';
import type { CallOptions } from '../request/index.ts';
import { call } from './call.ts';

/**
 * The signed-in designer's own information: read by the console's guard and the personal center,
 * written from the personal center and the designer information screen.
 */
export const designerInfoKey = ['designer', 'info'] as const;

export const fetchDesignerInfo = () => call(designerApi.info);

export const modifyDesignerInfo = (body: ModifyInfoBody, options?: CallOptions) =>
  call(designerApi.modifyInfo, { body }, options);
