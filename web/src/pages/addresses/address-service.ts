import type { ShopAddress, ShopAddressBody, ShopAddressDeleteAnswer } from '@dc/contract';
import { request } from '../../request/index.ts';

/** 店铺地址's calls (issue 4 item 9). Saves are quiet: the form puts failures on its fields. */
const BASE = '/designerapi/v1/shop-addresses';

export const addressesKey = ['designer', 'shop-addresses'] as const;

export const fetchAddresses = (signal?: AbortSignal) => request.getList<ShopAddress>(BASE, { signal });

export const createAddress = (body: ShopAddressBody) =>
  request.post<ShopAddress>(BASE, body, { showErrorMessage: false });

/** PUT answers the raw response (spec section 7); the list is fetched again after it. */
export const updateAddress = (id: number, body: ShopAddressBody) =>
  request.put<ShopAddress>(`${BASE}/${id}`, body, { showErrorMessage: false });

export const deleteAddress = (id: number) => request.delete<ShopAddressDeleteAnswer>(`${BASE}/${id}`);

export const setDefaultAddress = (id: number) => request.post<ShopAddress>(`${BASE}/${id}/default`);
