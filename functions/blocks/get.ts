import { blocksEntity } from '../../lib/entities/blocks.js';
import { entityHandler } from '../../lib/operations/crud.js';

export const handler = entityHandler(blocksEntity, 'get');
