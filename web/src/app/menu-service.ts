import { menuApi } from '@dc/contract';
import { call } from '../api/call.ts';

export const fetchMenu = () => call(menuApi.tree);
