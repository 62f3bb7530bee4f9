import type { MenuAnswer } from '@dc/contract';
import { request } from '../request/index.ts';

export const fetchMenu = () => request.get<MenuAnswer>('/designerapi/v1/menu');
