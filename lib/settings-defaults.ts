import { getRecords } from './db/entity-store.js';
import { seedRecord } from './db/seed-record.js';
import type { TableContext } from './db/table-context.js';
import { SETTING_SECTIONS, type Section, type SettingSeed } from './entities/setting-sections.js';
import { settingsEntity } from './entities/settings.js';
import type { StoredValue } from './entities/types.js';

/** The stored record of one seeded setting. */
function settingRecord(section: Section, setting: SettingSeed): Record<string, StoredValue> {
  return {
    name: setting.name,
    section_id: section.id,
    section_tab_id: 0,
    type: setting.type,
    edition_type: section.editionType,
    position: setting.position,
    is_global: 'Y',
    handler: '',
    parent_id: 0,
    description: setting.description,
    tooltip: null,
    object_type: 'O',
    value: setting.value,
    section_name: section.name,
    section_tab_name: 'main',
    variants: setting.variants ?? [],
  };
}

/**
 * Seeds every setting that is not there yet: one BatchGetItem finds the missing ones, which are then
 * written one after another (their transactions share the count items, so in parallel they would conflict), on
 * `context`'s table.
 */
export async function ensureSettings(context: TableContext): Promise<void> {
  const all = SETTING_SECTIONS.flatMap((section) => section.settings.map((setting) => ({ section, setting })));
  const present = new Set(
    (
      await getRecords(
        settingsEntity,
        all.map(({ setting }) => setting.id),
        context,
      )
    ).map((record) => Number(record.object_id)),
  );
  for (const { section, setting } of all) {
    if (!present.has(setting.id))
      await seedRecord(settingsEntity, setting.id, settingRecord(section, setting), context);
  }
}
