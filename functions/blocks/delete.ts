import { blocksEntity } from '../../lib/entities/blocks.js';
import { entityHandler } from '../../lib/handlers/entity-handler.js';

export const handler = entityHandler(blocksEntity, 'delete');
