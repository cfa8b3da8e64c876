import * as migration_20261122_042330_initial from './20261122_042330_initial';
import * as migration_20261122_131030_contact_pipeline from './20261122_131030_contact_pipeline';

export const migrations = [
  {
    up: migration_20261122_042330_initial.up,
    down: migration_20261122_042330_initial.down,
    name: '20261122_042330_initial',
  },
  {
    up: migration_20261122_131030_contact_pipeline.up,
    down: migration_20261122_131030_contact_pipeline.down,
    name: '20261122_131030_contact_pipeline'
  },
];
