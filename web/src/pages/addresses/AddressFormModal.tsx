import { ADDRESS_DETAIL_MAX, CONSIGNEE_MAX, type ShopAddress } from '@dc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Cascader, Form, Input, Modal, Skeleton, Switch } from 'antd';
import { reportFormFailure } from '../../components/form-failure.ts';
import { useT } from '../../locales/index.ts';
import {
  type AddressFormValues,
  addressBodyOf,
  addressFormValuesOf,
  addressRules,
  emptyAddressValues,
  loadRegionOptions,
} from './address-form.ts';
import { addressesKey, createAddress, updateAddress } from './address-service.ts';

export interface AddressFormModalProps {
  open: boolean;
  /** The address being edited; undefined adds one. */
  address: ShopAddress | undefined;
  /** No address yet: the new one is the default whatever the switch says. */
  firstAddress: boolean;
  onClose(): void;
}

/**
 * Adds or edits a shop address; the region is a province › city › district cascader. Mount it
 * afresh for every opening (a `key`), so the form starts from `address`.
 */
export function AddressFormModal({ open, address, firstAddress, onClose }: AddressFormModalProps) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddressFormValues>();
  const queryClient = useQueryClient();
  const regions = useQuery({
    queryKey: ['regions', 'cascader'],
    queryFn: loadRegionOptions,
    staleTime: Infinity,
  });
  const rules = addressRules(t);
  const editing = address !== undefined;

  const save = useMutation({
    mutationFn: async (values: AddressFormValues): Promise<void> => {
      if (address) await updateAddress(address.id, addressBodyOf(values));
      else await createAddress(addressBodyOf(values));
    },
    onSuccess: async () => {
      void message.success(t(editing ? 'shopAddress.saved' : 'shopAddress.created'));
      await queryClient.invalidateQueries({ queryKey: addressesKey });
      onClose();
    },
    onError: (error) => reportFormFailure(error, form, (text) => void message.error(text), t),
  });

  return (
    <Modal
      open={open}
      title={t(editing ? 'shopAddress.modalEdit' : 'shopAddress.modalCreate')}
      okText={t('shopAddress.save')}
      cancelText={t('shopAddress.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending, disabled: !regions.data, 'data-testid': 'address-save' }}
      destroyOnHidden
    >
      {regions.isError ? (
        <Alert type="error" showIcon title={t('shopAddress.regionsFailed')} />
      ) : !regions.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<AddressFormValues>
          form={form}
          name="shop-address"
          layout="vertical"
          initialValues={address ? addressFormValuesOf(address) : emptyAddressValues(firstAddress)}
          onFinish={(values) => save.mutate(values)}
          style={{ marginTop: 16 }}
          data-testid="address-form"
        >
          <Form.Item name="consignee" label={t('shopAddress.consignee')} rules={rules.consignee}>
            <Input maxLength={CONSIGNEE_MAX} autoComplete="name" />
          </Form.Item>
          <Form.Item name="phone" label={t('shopAddress.phone')} rules={rules.phone}>
            <Input maxLength={20} autoComplete="tel" inputMode="tel" />
          </Form.Item>
          <Form.Item name="region" label={t('shopAddress.region')} rules={rules.region} validateFirst>
            <Cascader
              options={regions.data}
              placeholder={t('shopAddress.regionPlaceholder')}
              showSearch
              allowClear
            />
          </Form.Item>
          <Form.Item name="detail" label={t('shopAddress.detail')} rules={rules.detail}>
            <Input.TextArea
              maxLength={ADDRESS_DETAIL_MAX}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('shopAddress.detailPlaceholder')}
              autoComplete="street-address"
            />
          </Form.Item>
          <Form.Item name="postalCode" label={t('shopAddress.postalCode')} rules={rules.postalCode}>
            <Input maxLength={6} inputMode="numeric" autoComplete="postal-code" style={{ maxWidth: 160 }} />
          </Form.Item>
          <Form.Item
            name="isDefault"
            label={t('shopAddress.isDefault')}
            valuePropName="checked"
            layout="horizontal"
          >
            {/* The default stays the default until another one is chosen. */}
            <Switch disabled={firstAddress || address?.isDefault === true} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
