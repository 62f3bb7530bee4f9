import type { VaultBalance } from '@dc/contract';
import { request } from '../../request/index.ts';

export const fetchVaultBalance = () => request.get<VaultBalance>('/designerapi/v1/vault/balance');
