import { defineMessages } from '../../http/messages.ts';

/** What the boutique area says to a person, in every language of the console. */
export const boutiqueMessages = defineMessages({
  noSuchBrand: { 'zh-CN': '品牌不存在', 'en-US': 'no such brand' },
  noSuchVideo: { 'zh-CN': '视频不存在', 'en-US': 'no such video' },
  skuUsed: { 'zh-CN': '此 SKU 已被其他商品使用', 'en-US': 'this SKU is used by another product' },
  variantTaken: {
    'zh-CN': 'SKU 或尺码与颜色的组合已被使用',
    'en-US': 'a SKU or a size and colour is already used',
  },
  notVariantOfProduct: { 'zh-CN': '不是此商品的规格', 'en-US': 'not a variant of this product' },
  productsGone: { 'zh-CN': '部分选中的商品已不存在', 'en-US': 'some selected products no longer exist' },
  onSaleNotDraft: {
    'zh-CN': '上架过的商品不能改回草稿',
    'en-US': 'a product that has been on sale cannot become a draft',
  },
  onlyDraftDeleted: {
    'zh-CN': '只能删除草稿；请改为下架该商品',
    'en-US': 'only a draft can be deleted; take the product off the shelf instead',
  },
  brandNameTaken: { 'zh-CN': '已有同名品牌', 'en-US': 'you already have a brand with this name' },
  brandsAtMost: { 'zh-CN': '最多 {max} 个品牌', 'en-US': 'at most {max} brands' },
  brandInUse: {
    'zh-CN': '{count} 件商品使用此品牌，请先将它们改为其他品牌',
    'en-US': '{count} products carry this brand; move them to another brand first',
  },
  noSuchProductPlain: { 'zh-CN': '商品不存在', 'en-US': 'no such product' },
  productNotOnSale: { 'zh-CN': '商品未上架', 'en-US': 'the product is not on sale' },
  noSuchVariant: { 'zh-CN': '规格不存在', 'en-US': 'no such variant' },
  quantityPositive: { 'zh-CN': '数量须为正整数', 'en-US': 'the quantity must be a positive integer' },
  notEnoughStock: { 'zh-CN': '库存不足', 'en-US': 'not enough stock' },
  noSuchFan: { 'zh-CN': '粉丝不存在', 'en-US': 'no such fan' },
  productCreated: { 'zh-CN': '商品已创建', 'en-US': 'Product created' },
  putOnSale: { 'zh-CN': '已上架', 'en-US': 'Put on sale' },
  takenOffTheShelf: { 'zh-CN': '已下架', 'en-US': 'Taken off the shelf' },
  productSaved: { 'zh-CN': '商品已保存', 'en-US': 'Product saved' },
  draftDeleted: { 'zh-CN': '草稿已删除', 'en-US': 'Draft deleted' },
  copy: { 'zh-CN': ' 副本', 'en-US': ' (copy)' },
  copiedAsADraft: { 'zh-CN': '已复制为草稿', 'en-US': 'Copied as a draft' },
  brandCreated: { 'zh-CN': '品牌已创建', 'en-US': 'Brand created' },
  brandSaved: { 'zh-CN': '品牌已保存', 'en-US': 'Brand saved' },
  brandDeleted: { 'zh-CN': '品牌已删除', 'en-US': 'Brand deleted' },
});
