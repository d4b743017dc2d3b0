import { sraVendorsEntity } from '../../lib/entities/sra-vendors.js';
import { getShopperVendor } from '../../lib/operations/sra-vendors.js';
import { apiHandler } from '../../lib/stack/api-handler.js';

export const handler = apiHandler(sraVendorsEntity, 'sra_vendors.get', getShopperVendor(sraVendorsEntity));
