import { addressesApi, type ShopAddressBody } from '@dc/contract';
import { call } from '../../api/call.ts';

/** 店铺地址's calls (issue 4 item 9). Saves are quiet: the form puts failures on its fields. */

export const addressesKey = ['designer', 'shop-addresses'] as const;

export const fetchAddresses = (signal?: AbortSignal) => call(addressesApi.list, {}, { signal, list: true });

export const createAddress = (body: ShopAddressBody) =>
  call(addressesApi.create, { body }, { showErrorMessage: false });

/** PUT answers the raw response (spec section 7); the list is fetched again after it. */
export const updateAddress = (id: number, body: ShopAddressBody) =>
  call(addressesApi.update, { params: { id }, body }, { showErrorMessage: false });

export const deleteAddress = (id: number) => call(addressesApi.remove, { params: { id } });

export const setDefaultAddress = (id: number) => call(addressesApi.setDefault, { params: { id } });
